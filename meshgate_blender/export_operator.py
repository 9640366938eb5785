"""File > Export > meshgate: the selected objects through Blender's glTF exporter,
then `meshgate replace` puts the model back into the file it came from, and with it
each motion and texture the user edited, chaining the replaces through temporary
files so the output is written once (docs/USAGE.md, "Blender")."""

import os
import tempfile

import bpy
import numpy
from bpy_extras.io_utils import ExportHelper

from . import addresses, fingerprints, gltf_compat, glb
from .preferences import meshgate_program
from .runner import MeshgateError, run_meshgate

# What meshgate's imports read, and how Blender must write it (docs/USAGE.md):
# Y up (meshgate exports unconverted coordinates that Blender's importer turned
# Z up), the skin and normals and UVs, extras (the export's material extras name
# texture slots), and animations sampled at every frame (one per MOT time unit).
_GLTF_OPTIONS = {
    "export_format": "GLB",
    "use_selection": True,
    "export_yup": True,
    "export_apply": False,
    "export_skins": True,
    "export_normals": True,
    "export_texcoords": True,
    "export_extras": True,
    "export_force_sampling": True,
    "export_frame_step": 1,
}

# `import --as KIND --like FILE` for a loose file (replace needs a member).
_LOOSE_IMPORTS = {".mod": "mod", ".msh": "msh"}


def _selected_sources(context):
    objects = context.selected_objects
    return {obj.get("meshgate_source") for obj in objects if obj.get("meshgate_source")}, objects


def _stored_motions(objects):
    values = []
    for obj in objects:
        for value in addresses.load_list(obj.get("meshgate_motions", "")):
            if value not in values:
                values.append(value)
    return values


def _stored_textures(objects):
    return sorted({obj.get("meshgate_textures") for obj in objects if obj.get("meshgate_textures")})


def _edited_motions(motions):
    """(address, action) of every imported action whose keys changed."""
    edited = []
    for action in bpy.data.actions:
        address = action.get("meshgate_motion")
        if address in motions and fingerprints.action_fingerprint(action) != action.get("meshgate_fingerprint"):
            edited.append((address, action))
    return edited


def _edited_images(textures):
    prefix = textures + "!"
    return [image for image in bpy.data.images
            if textures and str(image.get("meshgate_texture", "")).startswith(prefix) and image.has_data
            and fingerprints.image_fingerprint(image) != image.get("meshgate_fingerprint")]


def _same_file(a, b):
    return os.path.exists(a) and os.path.exists(b) and os.path.samefile(a, b)


def _save_png(image, path):
    """Writes IMAGE's current pixels (not its packed file, which holds them as imported)
    as an RGBA PNG, through a new image so the user's image, packing and path stay."""
    width, height = image.size
    pixels = numpy.zeros(width * height * 4, dtype=numpy.float32)
    image.pixels.foreach_get(pixels)
    copy = bpy.data.images.new("meshgate-export", width, height, alpha=True)
    try:
        copy.pixels.foreach_set(pixels)
        copy.filepath_raw = path
        copy.file_format = "PNG"
        copy.save()
    finally:
        bpy.data.images.remove(copy)


class ExportMeshgate(bpy.types.Operator, ExportHelper):
    """Put the selected model (and its edited motions and textures) back into the file it came from"""

    bl_idname = "export_scene.meshgate"
    bl_label = "Export meshgate"
    bl_options = {"REGISTER"}

    filename_ext = ""
    check_extension = None
    filter_glob: bpy.props.StringProperty(default="*", options={"HIDDEN"})
    source: bpy.props.StringProperty(
        name="Source", description="The address the model came from (FILE!MEMBER); empty: the selected objects'")
    overwrite: bpy.props.BoolProperty(
        name="Overwrite the source", description="Allow the output to be the source file itself", default=False)

    def execute(self, context):
        try:
            return self._export(context)
        except (MeshgateError, OSError, ValueError, RuntimeError) as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}

    def _source(self, context):
        if self.source:
            return self.source
        sources, objects = _selected_sources(context)
        if not objects:
            raise MeshgateError("nothing is selected: select the imported model's objects")
        if len(sources) != 1:
            raise MeshgateError("the selected objects come from " + (", ".join(sorted(sources)) or "no meshgate import") +
                                ": select one model's objects, or give its address as Source")
        return sources.pop()

    def _export(self, context):
        program = meshgate_program(context)
        source = self._source(context)
        output = bpy.path.abspath(self.filepath)
        source_file, member = addresses.split_address(source)
        if _same_file(output, source_file) and not self.overwrite:
            raise MeshgateError(f"{output} is the source file: choose another output, or confirm Overwrite the source")
        selected = context.selected_objects
        with tempfile.TemporaryDirectory(prefix="meshgate-export-") as folder:
            model = os.path.join(folder, "model.glb")
            motions = _edited_motions(_stored_motions(selected))
            self._gltf_export(model, bool(motions))
            steps = self._steps(source, member, model, motions, _stored_textures(selected), folder)
            summary = self._write(program, source_file, member, steps, output, folder)
        for line in summary:
            self.report({"INFO"}, line)
        return {"FINISHED"}

    @staticmethod
    def _gltf_export(path, animated):
        gltf_compat.ensure_numpy_bool()
        result = bpy.ops.export_scene.gltf(filepath=path, export_animations=animated, **_GLTF_OPTIONS)
        if "FINISHED" not in result:
            raise MeshgateError(f"Blender's glTF exporter did not finish ({result})")

    @staticmethod
    def _steps(source, member, model, motions, textures, folder):
        """(member below the source file, new file, extra replace options), the model first."""
        source_file = addresses.split_address(source)[0]
        steps = [(member, model, [])]
        animations = glb.animation_names(model)
        for address, action in motions:
            steps.append((_member_of(address, source_file), model,
                          ["--animation", _animation_for(action, animations)]))
        for texture in textures:
            for image in _edited_images(texture):
                png = os.path.join(folder, f"texture_{len(steps)}.png")
                _save_png(image, png)
                steps.append((_member_of(image["meshgate_texture"], source_file), png, []))
        return steps

    def _write(self, program, source_file, member, steps, output, folder):
        if not member:
            return ExportMeshgate._write_loose(program, source_file, steps, output)
        final = _final_path(output, source_file)
        current, summary = source_file, []
        for index, (inner, newfile, options) in enumerate(steps):
            last = index == len(steps) - 1
            target = final if last else os.path.join(folder, f"step_{index}{os.path.splitext(source_file)[1]}")
            force = ["--force"] if last and os.path.exists(target) else []
            text = run_meshgate(program, ["replace", f"{current}!{inner}", newfile, *options, "-o", target, *force])
            summary += [line for line in text.splitlines() if line.strip()]
            current = target
        if final != output:
            os.replace(final, output)
        return summary

    @staticmethod
    def _write_loose(program, source_file, steps, output):
        kind = _LOOSE_IMPORTS.get(os.path.splitext(source_file)[1].lower())
        if kind is None or len(steps) != 1:
            raise MeshgateError(f"{source_file} is a loose file: meshgate writes back a loose MOD or MSH model alone "
                                "(a motion or texture edit needs them in one container with the model)")
        final = _final_path(output, source_file)
        force = ["--force"] if os.path.exists(final) else []
        text = run_meshgate(program, ["import", steps[0][1], "--as", kind, "--like", source_file, "-o", final, *force])
        if final != output:
            os.replace(final, output)
        return [line for line in text.splitlines() if line.strip()]


def _final_path(output, source_file):
    """Where the last step writes: OUTPUT, or, when OUTPUT is the source (meshgate never
    writes over an input), a file beside it, moved over the source once written."""
    if not _same_file(output, source_file):
        return output
    folder, name = os.path.split(output)
    return os.path.join(folder, f".{name}.meshgate-new")


def _member_of(address, source_file):
    path, member = addresses.split_address(address)
    if not member or not _same_file(path, source_file):
        raise MeshgateError(f"{address} was edited but is not a member of {source_file}: the export writes one file; "
                            "import the model, its textures and motions from one container")
    return member


def _animation_for(action, animations):
    name = action.get("meshgate_animation", "")
    if name in animations:
        return name
    if len(animations) == 1:
        return "0"
    raise MeshgateError(f"the action {action.name} is not one of the exported animations ({', '.join(animations)})")
