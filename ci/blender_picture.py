# Run by ci/blender-picture.sh as
#   blender -b --factory-startup --python ci/blender_picture.py -- ZIP MESHGATE PAC OUT.png
# Installs the add-on from ZIP (in the user folders the script points Blender at),
# imports the PAC's actor (slot_0000) with its PTX companion (slot_0001) and its
# first motion (slot_0002) through File > Import > meshgate, poses it at the
# motion's middle frame and renders it with Workbench, textured, to OUT.png.
import sys

import bpy
from mathutils import Vector

ZIP, MESHGATE, PAC, OUT = sys.argv[sys.argv.index("--") + 1:]


def import_actor():
    bpy.ops.preferences.addon_install(filepath=ZIP)
    bpy.ops.preferences.addon_enable(module="meshgate_blender")
    bpy.context.preferences.addons["meshgate_blender"].preferences.meshgate_path = MESHGATE
    for obj in list(bpy.data.objects):
        bpy.data.objects.remove(obj)
    result = bpy.ops.import_scene.meshgate(filepath=PAC, member="slot_0000", textures=PAC + "!slot_0001",
                                           motions=[{"name": PAC + "!slot_0002"}])
    if result != {"FINISHED"}:
        raise SystemExit(f"blender_picture: the import gave {result}")


def middle_frame():
    action = next(a for a in bpy.data.actions if a.get("meshgate_motion"))
    first, last = action.frame_range
    bpy.context.scene.frame_set(int((first + last) / 2))


def bounds():
    corners = [obj.matrix_world @ Vector(corner) for obj in bpy.context.scene.objects if obj.type == "MESH"
               for corner in obj.bound_box]
    low = Vector(min(c[i] for c in corners) for i in range(3))
    high = Vector(max(c[i] for c in corners) for i in range(3))
    return (low + high) / 2, (high - low).length


def add_camera(centre, size):
    data = bpy.data.cameras.new("camera")
    camera = bpy.data.objects.new("camera", data)
    bpy.context.scene.collection.objects.link(camera)
    camera.location = centre + Vector((0.9, -1.6, 0.6)).normalized() * size * 1.3
    camera.rotation_euler = (centre - camera.location).to_track_quat("-Z", "Y").to_euler()
    bpy.context.scene.camera = camera


def render():
    scene = bpy.context.scene
    scene.render.engine = "BLENDER_WORKBENCH"
    scene.display.shading.light = "STUDIO"
    scene.display.shading.color_type = "TEXTURE"
    scene.render.resolution_x, scene.render.resolution_y, scene.render.resolution_percentage = 480, 360, 100
    scene.render.image_settings.file_format = "PNG"
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.compression = 100
    scene.render.filepath = OUT
    bpy.ops.render.render(write_still=True)


import_actor()
middle_frame()
add_camera(*bounds())
render()
