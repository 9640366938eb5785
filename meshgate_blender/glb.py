"""Reading and writing a binary glTF (.glb), and putting a skin's joints back in
meshgate's node order.

meshgate's MOD and MOT imports read joint j of the first skin as the MOD's node j
(docs/USAGE.md, import). Blender's glTF exporter lists a skin's joints depth first
down the bone hierarchy, so a MOD whose node block is not in that order would come
back with its nodes permuted. The export names joint j `node_j`; where every joint
still carries such a name, the skin is reordered by it (the JOINTS_0 values and the
inverse bind matrices with it) before meshgate sees the file."""

import json
import re
import struct

_MAGIC = 0x46546C67  # "glTF"
_JSON_CHUNK = 0x4E4F534A
_BIN_CHUNK = 0x004E4942
_JOINT_NAME = re.compile(r"node_(\d+)$")
_COMPONENT_FORMATS = {5121: "B", 5123: "H"}  # JOINTS_0 may be u8 or u16 (glTF 2.0 §3.7.2.1)


def read_glb(path):
    """The JSON and the binary chunk of a .glb."""
    with open(path, "rb") as stream:
        data = stream.read()
    magic, _version, _length = struct.unpack_from("<III", data, 0)
    if magic != _MAGIC:
        raise ValueError(f"{path} is not a binary glTF")
    json_length, json_type = struct.unpack_from("<II", data, 12)
    if json_type != _JSON_CHUNK:
        raise ValueError(f"{path}: the first chunk is not JSON")
    document = json.loads(data[20:20 + json_length])
    binary = bytearray()
    offset = 20 + json_length
    if offset + 8 <= len(data):
        bin_length, bin_type = struct.unpack_from("<II", data, offset)
        if bin_type == _BIN_CHUNK:
            binary = bytearray(data[offset + 8:offset + 8 + bin_length])
    return document, binary


def write_glb(path, document, binary):
    text = json.dumps(document, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 4)
    binary = bytes(binary) + b"\0" * (-len(binary) % 4)
    length = 12 + 8 + len(text) + (8 + len(binary) if binary else 0)
    with open(path, "wb") as stream:
        stream.write(struct.pack("<III", _MAGIC, 2, length))
        stream.write(struct.pack("<II", len(text), _JSON_CHUNK) + text)
        if binary:
            stream.write(struct.pack("<II", len(binary), _BIN_CHUNK) + binary)


def _export_joint_numbers(document, joints):
    """Each joint's N from its `node_N` name, or None when a joint has another name or
    the numbers are not 0..n-1 (the skin is then left as Blender wrote it)."""
    names = [document["nodes"][node].get("name", "") for node in joints]
    matches = [_JOINT_NAME.match(name) for name in names]
    if not all(matches):
        return None
    numbers = [int(match.group(1)) for match in matches]
    return numbers if sorted(numbers) == list(range(len(numbers))) else None


def _accessor_span(document, index, element_size):
    """The byte offset, element count and stride of a non-sparse accessor."""
    accessor = document["accessors"][index]
    if "sparse" in accessor or "bufferView" not in accessor:
        raise ValueError(f"accessors[{index}] is sparse or has no bufferView")
    view = document["bufferViews"][accessor["bufferView"]]
    start = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
    return start, accessor["count"], view.get("byteStride", element_size)


def _remap_joint_indices(document, binary, accessor_index, new_index):
    kind = _COMPONENT_FORMATS.get(document["accessors"][accessor_index]["componentType"])
    if kind is None:
        raise ValueError(f"accessors[{accessor_index}] (JOINTS_0) is not u8 or u16")
    layout = "<4" + kind
    start, count, stride = _accessor_span(document, accessor_index, struct.calcsize(layout))
    for element in range(count):
        offset = start + element * stride
        values = struct.unpack_from(layout, binary, offset)
        struct.pack_into(layout, binary, offset, *(new_index[value] for value in values))


def _reorder_inverse_binds(document, binary, accessor_index, new_index):
    start, count, stride = _accessor_span(document, accessor_index, 64)
    matrices = [bytes(binary[start + i * stride:start + i * stride + 64]) for i in range(count)]
    for old, matrix in enumerate(matrices):
        offset = start + new_index[old] * stride
        binary[offset:offset + 64] = matrix


def restore_joint_order(path):
    """Reorders the first skin of the .glb at PATH by the export's joint names; returns
    True when it changed the file."""
    document, binary = read_glb(path)
    skins = document.get("skins") or []
    if not skins:
        return False
    skin = skins[0]
    new_index = _export_joint_numbers(document, skin["joints"])
    if new_index is None or new_index == list(range(len(new_index))):
        return False
    seen = set()
    for mesh in document.get("meshes", []):
        for primitive in mesh["primitives"]:
            accessor = primitive["attributes"].get("JOINTS_0")
            if accessor is not None and accessor not in seen:
                seen.add(accessor)
                _remap_joint_indices(document, binary, accessor, new_index)
    if "inverseBindMatrices" in skin:
        _reorder_inverse_binds(document, binary, skin["inverseBindMatrices"], new_index)
    ordered = [0] * len(new_index)
    for old, node in enumerate(skin["joints"]):
        ordered[new_index[old]] = node
    skin["joints"] = ordered
    write_glb(path, document, binary)
    return True


def animation_names(path):
    document, _binary = read_glb(path)
    return [animation.get("name", "") for animation in document.get("animations", [])]


def separate_primitive_materials(path):
    """Gives each primitive of a mesh its own material where several share one.

    Blender's importer makes one mesh of a glTF mesh's primitives, one material slot
    per distinct material, and its exporter writes one primitive per slot: primitives
    sharing a material would come back as one, and a MOD object with one mesh fewer
    (each primitive is a MOD mesh). A copy of the material per primitive keeps them
    apart; the copies' names end in `#N`. Returns how many copies were made."""
    document, binary = read_glb(path)
    materials = document.get("materials", [])
    copies = 0
    for mesh in document.get("meshes", []):
        seen = set()
        for primitive in mesh["primitives"]:
            material = primitive.get("material")
            if material is None:
                continue
            if material in seen:
                copy = json.loads(json.dumps(materials[material]))
                copies += 1
                copy["name"] = f"{copy.get('name', 'material')}#{copies}"
                materials.append(copy)
                primitive["material"] = len(materials) - 1
            seen.add(primitive["material"])
    if copies:
        write_glb(path, document, binary)
    return copies
