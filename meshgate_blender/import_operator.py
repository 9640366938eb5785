"""File > Import > meshgate: `meshgate export` to a temporary .glb, then Blender's
own glTF importer. The addresses the model, its textures and motions came from are
stored on what was imported, for File > Export > meshgate."""

import os
import tempfile

import bpy
from bpy_extras.io_utils import ImportHelper

from . import addresses, fingerprints, gltf_compat, glb
from .preferences import meshgate_program
from .runner import MeshgateError, run_meshgate

# meshgate's MOT export writes motion time units at 60 per second unless
# --mot-fps says otherwise (docs/USAGE.md, export): a scene at that rate puts each
# unit on a whole frame, so Blender's exporter samples them back on the same grid.
MOTION_FPS = 60
# Bones as glTF's joints, each local frame only turned by Blender's fixed axis
# change, so Blender's exporter writes back each joint's own translation and
# rotation (within float rounding), which meshgate's MOD import reads as the node
# transforms and the MOT import as the rest pose. The importer's default
# (TEMPERANCE) re-aims bones at their children: the nodes came back changed.
BONE_HEURISTIC = "BLENDER"


class MeshgateAddress(bpy.types.PropertyGroup):
    name: bpy.props.StringProperty(name="Address", description="A file or FILE!MEMBER meshgate reads")


def _new_ids(collection, before):
    return [block for block in collection if block.name not in before]


def _export_arguments(source, textures, motions, output):
    arguments = ["export", source, "-o", output]
    if textures:
        arguments += ["--textures", textures]
    for motion in motions:
        arguments += ["--motion", motion]
    return arguments


def _texture_entries(document):
    """glTF image name -> the companion entry its material samples (material extras)."""
    entries = {}
    for material in document.get("materials", []):
        entry = (material.get("extras") or {}).get("companion_entry")
        texture = material.get("pbrMetallicRoughness", {}).get("baseColorTexture")
        if entry is None or texture is None:
            continue
        image = document["images"][document["textures"][texture["index"]]["source"]]
        entries[image.get("name", "")] = entry
    return entries


def _image_matches(image, gltf_name):
    # Blender names an image by the glTF name, possibly with .png and cut to 63 bytes.
    return any(image.name == name[:63] for name in (gltf_name, gltf_name + ".png"))


def _tag_images(images, document, textures):
    for gltf_name, entry in _texture_entries(document).items():
        for image in images:
            if _image_matches(image, gltf_name):
                image["meshgate_texture"] = f"{textures}!{entry}"
                image["meshgate_fingerprint"] = fingerprints.image_fingerprint(image)


def _tag_actions(objects, document, motions):
    """Each NLA track the importer made is named by its glTF animation, animation i
    being the i-th --motion."""
    names = [animation.get("name", "") for animation in document.get("animations", [])]
    for obj in objects:
        for track in (obj.animation_data.nla_tracks if obj.animation_data else []):
            for strip in track.strips:
                index = next((i for i, name in enumerate(names) if name[:63] == track.name), None)
                if strip.action is None or index is None or index >= len(motions):
                    continue
                strip.action["meshgate_motion"] = motions[index]
                strip.action["meshgate_animation"] = track.name
                strip.action["meshgate_fingerprint"] = fingerprints.action_fingerprint(strip.action)


class ImportMeshgate(bpy.types.Operator, ImportHelper):
    """Import a model meshgate reads (a file, or FILE!MEMBER of a container)"""

    bl_idname = "import_scene.meshgate"
    bl_label = "Import meshgate"
    bl_options = {"REGISTER", "UNDO"}

    filter_glob: bpy.props.StringProperty(
        default="*.mod;*.scm;*.msh;*.pac;*.pnst;*.nbz;*.zip;*.rlb;*.lib;*.nres", options={"HIDDEN"})
    member: bpy.props.StringProperty(
        name="Member", description="The member inside the file (slot_0000, MODEL.MSH, a/b.pac!slot_0000); empty: the file")
    textures: bpy.props.StringProperty(
        name="Textures", description="The MOD's PTX companion (a file or FILE!MEMBER), as export --textures")
    motions: bpy.props.CollectionProperty(
        type=MeshgateAddress, name="Motions", description="MOTs to import as actions (export --motion)")

    def execute(self, context):
        try:
            return self._import(context)
        except (MeshgateError, OSError, ValueError, RuntimeError) as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}

    def _import(self, context):
        program = meshgate_program(context)
        source = addresses.join_address(self.filepath, self.member)
        motions = [motion.name for motion in self.motions if motion.name]
        with tempfile.TemporaryDirectory(prefix="meshgate-import-") as folder:
            model = os.path.join(folder, "model.glb")
            run_meshgate(program, _export_arguments(source, self.textures, motions, model))
            glb.separate_primitive_materials(model)
            document, _binary = glb.read_glb(model)
            imported = self._gltf_import(context, model, bool(motions))
        objects, images = imported
        for obj in objects:
            obj["meshgate_source"] = source
            obj["meshgate_textures"] = self.textures
            obj["meshgate_motions"] = addresses.store_list(motions)
        if self.textures:
            _tag_images(images, document, self.textures)
        _tag_actions(objects, document, motions)
        self.report({"INFO"}, f"meshgate: imported {source} ({len(objects)} objects)")
        return {"FINISHED"}

    @staticmethod
    def _gltf_import(context, path, animated):
        gltf_compat.ensure_numpy_bool()
        if animated:
            context.scene.render.fps = MOTION_FPS
            context.scene.render.fps_base = 1.0
        objects_before = {o.name for o in bpy.data.objects}
        images_before = {i.name for i in bpy.data.images}
        result = bpy.ops.import_scene.gltf(filepath=path, bone_heuristic=BONE_HEURISTIC)
        if "FINISHED" not in result:
            raise MeshgateError(f"Blender's glTF importer refused meshgate's export ({result})")
        for image in _new_ids(bpy.data.images, images_before):
            if image.packed_file is None and image.has_data:
                image.pack()  # the temporary .glb is removed: keep the pixels in the .blend
        return _new_ids(bpy.data.objects, objects_before), _new_ids(bpy.data.images, images_before)
