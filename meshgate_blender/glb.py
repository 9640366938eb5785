"""Reading and writing a binary glTF (.glb): the add-on reads meshgate's export
(its materials, images and animations) and adjusts it for Blender's importer."""

import json
import struct

_MAGIC = 0x46546C67  # "glTF"
_JSON_CHUNK = 0x4E4F534A
_BIN_CHUNK = 0x004E4942


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
