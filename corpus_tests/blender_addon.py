# Run by corpus_tests/blender_addon.sh as
#   blender -b --factory-startup --python blender_addon.py -- ZIP MESHGATE WORK
# (BLENDER_USER_SCRIPTS and BLENDER_USER_CONFIG in WORK: the user's Blender
# folders are never touched). Installs and enables the add-on from its zip, then
# plays a modder's loop through it: import a synthetic DMC3 actor's MOD from its
# PAC with its PTX and one MOT, move one vertex, change one bone's key, paint one
# texel, export back into a copy of the PAC; import a Nikita MSH from its NRes
# archive, move one vertex, export back. Each new file is exported again by
# meshgate and must carry the edits (numbers, below). Two refusals must be
# Blender error reports with meshgate's (or the add-on's) message, no traceback.
# Prints "BLENDER_ADDON ok" when every check held; any failure exits non-zero.
import math
import os
import subprocess
import sys

import bpy

ZIP, MESHGATE, WORK = sys.argv[sys.argv.index("--") + 1:]
ADDON = "meshgate_blender"
MOVE = (0.25, -0.125, 0.0625)  # in glTF's axes: far above any float rounding, far below a model's size
KEY_DELTA = 0.1  # added to one location key, in the bone's axes
PAINT = (0.0, 1.0, 1.0)  # the texel's new RGB, and the opposite of red


def check(condition, message):
    if not condition:
        raise SystemExit("blender_addon: " + message)


def install_addon():
    bpy.ops.preferences.addon_install(filepath=ZIP)
    bpy.ops.preferences.addon_enable(module=ADDON)
    bpy.context.preferences.addons[ADDON].preferences.meshgate_path = MESHGATE


def clear_scene():
    for obj in list(bpy.data.objects):
        bpy.data.objects.remove(obj)
    for action in list(bpy.data.actions):
        bpy.data.actions.remove(action)
    for image in list(bpy.data.images):
        bpy.data.images.remove(image)


def select_all():
    for obj in bpy.context.scene.objects:
        obj.select_set(True)


def gltf_of_blender(co):
    # Blender's importer turned glTF's Y up into Z up: (x, y, z) -> (x, -z, y).
    return (co[0], co[2], -co[1])


def move_vertex():
    """Moves vertex 0 of the first mesh object (by name) by MOVE in glTF's axes;
    returns its glTF position before and after."""
    mesh = sorted((o for o in bpy.context.scene.objects if o.type == "MESH"), key=lambda o: o.name)[0]
    vertex = mesh.data.vertices[0]
    before = gltf_of_blender(vertex.co)
    vertex.co.x += MOVE[0]
    vertex.co.y -= MOVE[2]
    vertex.co.z += MOVE[1]
    return before, gltf_of_blender(vertex.co)


# --- glTF reading (the add-on's own .glb reader; accessors as meshgate writes them) ---

def accessor_floats(document, binary, index):
    import struct
    accessor = document["accessors"][index]
    width = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}[accessor["type"]]
    view = document["bufferViews"][accessor["bufferView"]]
    start = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
    stride = view.get("byteStride", 4 * width)
    return [struct.unpack_from(f"<{width}f", binary, start + i * stride) for i in range(accessor["count"])]


def positions(path):
    from meshgate_blender import glb
    document, binary = glb.read_glb(path)
    found = []
    for mesh in document["meshes"]:
        for primitive in mesh["primitives"]:
            found += accessor_floats(document, binary, primitive["attributes"]["POSITION"])
    return found


def near(a, b, tolerance):
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def holds(points, point, tolerance=1e-5):
    return any(near(p, point, tolerance) for p in points)


def sample(document, binary, sampler, time):
    """A glTF sampler's value at TIME as a client draws it (LINEAR, STEP, CUBICSPLINE)."""
    times = [t[0] for t in accessor_floats(document, binary, sampler["input"])]
    values = accessor_floats(document, binary, sampler["output"])
    cubic = sampler.get("interpolation", "LINEAR") == "CUBICSPLINE"
    value = (lambda k: values[3 * k + 1]) if cubic else (lambda k: values[k])
    if time <= times[0]:
        return value(0)
    if time >= times[-1]:
        return value(len(times) - 1)
    k = max(i for i, t in enumerate(times) if t <= time)
    span = times[k + 1] - times[k]
    s = (time - times[k]) / span
    if sampler.get("interpolation") == "STEP":
        return value(k)
    if not cubic:
        return tuple(a + (b - a) * s for a, b in zip(value(k), value(k + 1)))
    p0, m0, p1, m1 = values[3 * k + 1], values[3 * k + 2], values[3 * (k + 1) + 1], values[3 * (k + 1)]
    h = (2 * s**3 - 3 * s**2 + 1, s**3 - 2 * s**2 + s, -2 * s**3 + 3 * s**2, s**3 - s**2)
    return tuple(h[0] * a + h[1] * span * b + h[2] * c + h[3] * span * d for a, b, c, d in zip(p0, m0, p1, m1))


def translation_at(path, node_name, time):
    from meshgate_blender import glb
    document, binary = glb.read_glb(path)
    node = next(i for i, n in enumerate(document["nodes"]) if n.get("name") == node_name)
    animation = document["animations"][0]
    channel = next(c for c in animation["channels"]
                   if c["target"].get("node") == node and c["target"]["path"] == "translation")
    return sample(document, binary, animation["samplers"][channel["sampler"]], time)


# --- edits ---

def varying(curve):
    values = [k.co[1] for k in curve.keyframe_points]
    return max(values) - min(values) > 1e-3


def change_key():
    """Adds KEY_DELTA to the middle location key of a bone whose three location
    curves all move (so the MOT's mask carries its translation on every axis);
    returns (bone name, frame)."""
    action = next(a for a in bpy.data.actions if a.get("meshgate_motion"))
    by_bone = {}
    for curve in action.fcurves:
        if curve.data_path.endswith(".location"):
            by_bone.setdefault(curve.data_path, []).append(curve)
    path, curves = next((p, c) for p, c in sorted(by_bone.items()) if len(c) == 3 and all(varying(x) for x in c))
    curve = curves[0]
    key = curve.keyframe_points[len(curve.keyframe_points) // 2]
    for point in (key.co, key.handle_left, key.handle_right):
        point[1] += KEY_DELTA
    curve.update()
    return path.split('"')[1], key.co[0]


def paint_texel():
    """Sets texel (1, 1) of the PTX entry's image to PAINT; returns (entry address, RGB before)."""
    image = next(i for i in bpy.data.images if i.get("meshgate_texture"))
    pixels = list(image.pixels)
    offset = 4 * (1 * image.size[0] + 1)
    before = tuple(pixels[offset:offset + 3])
    pixels[offset:offset + 3] = PAINT
    image.pixels[:] = pixels
    return image["meshgate_texture"], before


def texel_of_png(path):
    image = bpy.data.images.load(path)
    offset = 4 * (1 * image.size[0] + 1)
    texel = tuple(image.pixels[offset:offset + 3])
    bpy.data.images.remove(image)
    return texel


# --- meshgate ---

def export_counts(*arguments):
    """`meshgate export ... --json`'s meshes, primitives and triangles."""
    import json
    summary = json.loads(meshgate("export", *arguments, "--json", "--force"))["models"][0]["summary"]
    return {key: summary[key] for key in ("meshes", "primitives", "triangles")}


def meshgate(*arguments):
    done = subprocess.run([MESHGATE, *arguments], capture_output=True, text=True, check=False)
    check(done.returncode == 0, f"meshgate {' '.join(arguments)} exited {done.returncode}: {done.stderr}")
    return done.stdout


def export_back(output, **options):
    select_all()
    result = bpy.ops.export_scene.meshgate(filepath=output, **options)
    check(result == {"FINISHED"}, f"export to {output}: {result}")


def digest(path):
    import hashlib
    if not os.path.exists(path):
        return None
    with open(path, "rb") as stream:
        return hashlib.sha256(stream.read()).hexdigest()


def refused(message_part, **options):
    """An export that must fail: a RuntimeError carrying the operator's error report,
    the output as it was (absent, or the source unchanged)."""
    select_all()
    output_before = digest(options["filepath"])
    try:
        bpy.ops.export_scene.meshgate(**options)
    except RuntimeError as error:
        text = str(error)
        check("Traceback" not in text, "the refusal is a Python traceback: " + text)
        check(message_part in text, f"the refusal does not say '{message_part}': {text}")
        check(digest(options["filepath"]) == output_before, "a refused export wrote " + options["filepath"])
        print("BLENDER_ADDON refused: " + text.strip().splitlines()[-1], flush=True)
        return
    raise SystemExit("blender_addon: this export was not refused: " + repr(options))


# --- the two loops ---

def actor_loop():
    pac = os.path.join(WORK, "corpus", "dmc3", "pl_0000.pac")
    result = bpy.ops.import_scene.meshgate(filepath=pac, member="slot_0000", textures=pac + "!slot_0001",
                                           motions=[{"name": pac + "!slot_0002"}])
    check(result == {"FINISHED"}, f"import of the actor: {result}")
    vertex_before, vertex_after = move_vertex()
    bone, frame = change_key()
    texture, texel_before = paint_texel()
    check(texture == pac + "!slot_0001!0", "the painted image is bound to " + texture)
    output = os.path.join(WORK, "out", "pl_0000.pac")
    refused("is the source file", filepath=pac)
    refused("meshgate exited 1", filepath=os.path.join(WORK, "out", "refused.pac"), source=pac + "!slot_0001")
    export_back(output)
    # What Blender's exporter wrote for the edited bone, with the add-on's options.
    import meshgate_blender.export_operator as exporter
    reference = os.path.join(WORK, "blender.glb")
    bpy.ops.export_scene.gltf(filepath=reference, export_animations=True, **exporter._GLTF_OPTIONS)
    motion = ["--motion", output + "!slot_0002"]
    counts_before = export_counts(pac + "!slot_0000", "--textures", pac + "!slot_0001", "--motion", pac + "!slot_0002",
                                  "-o", os.path.join(WORK, "before.glb"))
    counts_after = export_counts(output + "!slot_0000", "--textures", output + "!slot_0001", *motion,
                                 "-o", os.path.join(WORK, "after.glb"))
    check(counts_before == counts_after, f"the actor's MOD was {counts_before}, is {counts_after}")
    check_vertex("actor", vertex_before, vertex_after)
    nodes, worst = check_rest_pose()
    time = frame / bpy.context.scene.render.fps
    key_before = translation_at(os.path.join(WORK, "before.glb"), bone, time)
    key_blender = translation_at(reference, bone, time)
    key_after = translation_at(os.path.join(WORK, "after.glb"), bone, time)
    moved = math.dist(key_before, key_blender)
    check(abs(moved - KEY_DELTA) < 1e-3, f"Blender's export moved {bone} by {moved} at {time} s, not {KEY_DELTA}")
    check(near(key_after, key_blender, 2e-3), f"{bone} at {time} s: the new MOT gives {key_after}, Blender {key_blender}")
    meshgate("texture", texture.replace(pac, output, 1), "-o", os.path.join(WORK, "texel.png"))
    texel = texel_of_png(os.path.join(WORK, "texel.png"))
    check(near(texel, PAINT, 1.5 / 255) and not near(texel_before, PAINT, 0.2), f"texel (1, 1): {texel_before} -> {texel}")
    print(f"BLENDER_ADDON actor: vertex {fmt(vertex_before)} -> {fmt(vertex_after)}; {bone} translation at "
          f"{time:.4f} s {fmt(key_before)} -> {fmt(key_after)} (Blender {fmt(key_blender)}); texel (1, 1) "
          f"{fmt(texel_before)} -> {fmt(texel)}; {nodes} nodes' rest pose within {worst:.2g}; {counts_after}", flush=True)


def rest_pose(path):
    from meshgate_blender import glb
    document, _binary = glb.read_glb(path)
    return {n["name"]: (n.get("translation", [0.0] * 3), n.get("rotation", [0.0, 0.0, 0.0, 1.0]))
            for n in document["nodes"] if n.get("name", "").startswith("node_")}


def check_rest_pose():
    """Every MOD node keeps its place and rotation through Blender (the joints in
    meshgate's order, each bone's frame the joint's): within float rounding."""
    before, after = rest_pose(os.path.join(WORK, "before.glb")), rest_pose(os.path.join(WORK, "after.glb"))
    check(sorted(before) == sorted(after), f"the nodes {sorted(before)} came back as {sorted(after)}")
    worst = 0.0
    for name, (translation, rotation) in before.items():
        new_translation, new_rotation = after[name]
        sign = 1.0 if sum(a * b for a, b in zip(rotation, new_rotation)) >= 0 else -1.0
        worst = max([worst] + [abs(a - b) for a, b in zip(translation, new_translation)] +
                    [abs(a - sign * b) for a, b in zip(rotation, new_rotation)])
    check(worst < 1e-4, f"a node's rest translation or rotation moved by {worst}")
    return len(before), worst


def check_vertex(what, before, after):
    old = positions(os.path.join(WORK, "before.glb"))
    new = positions(os.path.join(WORK, "after.glb"))
    check(holds(old, before) and not holds(old, after), f"{what}: the moved vertex is not where the import put it")
    check(holds(new, after), f"{what}: the new export has no vertex at {after}")


def msh_loop():
    archive = os.path.join(WORK, "corpus", "nikita", "synth_pack_0000.rlb")
    result = bpy.ops.import_scene.meshgate(filepath=archive, member="MODEL01.MSH")
    check(result == {"FINISHED"}, f"import of the MSH: {result}")
    vertex_before, vertex_after = move_vertex()
    output = os.path.join(WORK, "out", "synth_pack_0000.rlb")
    export_back(output)
    counts_before = export_counts(archive + "!MODEL01.MSH", "-o", os.path.join(WORK, "before.glb"))
    counts_after = export_counts(output + "!MODEL01.MSH", "-o", os.path.join(WORK, "after.glb"))
    check(counts_before == counts_after, f"the MSH was {counts_before}, is {counts_after}")
    check_vertex("msh", vertex_before, vertex_after)
    # Confirmed, the export writes over its source: a copy of the archive, given as the source.
    import shutil
    copy = os.path.join(WORK, "overwrite.rlb")
    shutil.copyfile(archive, copy)
    export_back(copy, source=copy + "!MODEL01.MSH", overwrite=True)
    check(digest(copy) == digest(output), "the archive written over its source differs from the one written beside it")
    check(not [n for n in os.listdir(WORK) if n.startswith(".overwrite")], "the overwrite left its temporary file")
    print(f"BLENDER_ADDON msh: vertex {fmt(vertex_before)} -> {fmt(vertex_after)}; {counts_after}", flush=True)


def fmt(values):
    return "(" + ", ".join(f"{v:.4f}" for v in values) + ")"


def main():
    install_addon()
    clear_scene()
    actor_loop()
    clear_scene()
    msh_loop()
    print("BLENDER_ADDON ok", flush=True)


main()
