# Run by corpus_tests/blender_client.sh as
#   blender -b --factory-startup --python blender_import.py -- EXPORT_JSON...
# (one Blender for every summary: a start costs more than most imports; each
# import starts from empty factory settings all the same).
# Imports each model of each `meshgate export --json` summary with Blender's own
# glTF importer and prints one JSON line per model: what Blender made (mesh
# objects, bones, faces; distinct mesh datablocks, their faces and how many
# carry vertex colours), how many faces wind against their normals, and the
# actions it made of the animations (keyframes, bones the active one moves).
import json
import sys

# Debian 12's Blender 3.4 glTF importer still uses numpy.bool, which numpy 1.24
# removed: give it back before the importer runs.
import numpy

if not hasattr(numpy, "bool"):
    numpy.bool = bool

import bpy
from mathutils import Vector


def animation_figures(armatures):
    """The actions the importer made (one per glTF animation), their keyframes,
    and whether the active one moves a bone between its first frame and its middle."""
    actions = list(bpy.data.actions)
    keyframes = sum(len(curve.keyframe_points) for action in actions for curve in action.fcurves)
    moved = 0
    for armature in armatures:
        data = armature.animation_data
        if not data or not data.action:
            continue
        first, last = data.action.frame_range
        scene = bpy.context.scene
        scene.frame_set(int(first))
        rest = [bone.matrix.copy() for bone in armature.pose.bones]
        scene.frame_set(int((first + last) / 2))
        moved += sum(1 for bone, before in zip(armature.pose.bones, rest)
                     if max(abs(a - b) for row_a, row_b in zip(bone.matrix, before) for a, b in zip(row_a, row_b)) > 1e-4)
    return {"actions": len(actions), "keyframes": keyframes, "moved_bones": moved}


def imported_figures(path):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    result = bpy.ops.import_scene.gltf(filepath=path)
    if "FINISHED" not in result:
        raise SystemExit("blender_import: the importer refused " + path)
    meshes = [o for o in bpy.context.scene.objects if o.type == "MESH"]
    armatures = [o for o in bpy.context.scene.objects if o.type == "ARMATURE"]
    faces = against = sideless = 0
    for o in meshes:
        mesh = o.data
        mesh.calc_normals_split()  # the custom normals the importer set, per loop
        for poly in mesh.polygons:
            faces += 1
            summed = Vector((0.0, 0.0, 0.0))
            for loop in poly.loop_indices:
                summed += mesh.loops[loop].normal
            dot = poly.normal.dot(summed)
            if dot < 0:
                against += 1
            elif dot == 0:
                sideless += 1
    datas = {o.data.name: o.data for o in meshes}  # an instanced glTF mesh is one datablock, several objects
    # Materials whose node tree samples an image (a baseColorTexture the importer resolved).
    image_materials = sum(
        1 for m in bpy.data.materials
        if m.use_nodes and any(n.type == "TEX_IMAGE" and n.image is not None for n in m.node_tree.nodes))
    return {
        **animation_figures(armatures),
        "meshes": len(meshes),
        "mesh_datas": len(datas),
        "data_faces": sum(len(d.polygons) for d in datas.values()),
        "colour_meshes": sum(1 for d in datas.values() if len(d.color_attributes) > 0),
        "bones": sum(len(a.data.bones) for a in armatures),
        "faces": faces,
        "against_normals": against,
        "sideless": sideless,
        "image_materials": image_materials,
    }


def main():
    summaries = sys.argv[sys.argv.index("--") + 1:]
    for model in (m for path in summaries for m in json.load(open(path))["models"]):
        figures = imported_figures(model["output"])
        figures["output"] = model["output"]
        print("BLENDER_FIGURES " + json.dumps(figures), flush=True)


main()
