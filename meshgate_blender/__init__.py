"""meshgate in Blender: open any model meshgate exports (a MOD, SCM or MSH file,
or a member of a PAC, NRes archive or NBZ/ZIP volume) and write the edit back into
the game's file with `meshgate replace`. The meshgate program does every read and
write; this add-on only runs it and Blender's own glTF importer and exporter."""

bl_info = {
    "name": "meshgate",
    "author": "meshgate",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "File > Import > meshgate, File > Export > meshgate",
    "description": "Import DMC3 and Nikita models through meshgate and write edits back into the game's files",
    "category": "Import-Export",
}

if "bpy" in locals():  # Blender's "Reload Scripts" re-runs this file: reload the modules too.
    import importlib

    for _module in (preferences, export_operator, import_operator):  # noqa: F821 (defined on the first run)
        importlib.reload(_module)

import bpy

from . import export_operator, import_operator, preferences

_CLASSES = (
    preferences.MeshgatePreferences,
    import_operator.MeshgateAddress,
    import_operator.ImportMeshgate,
    export_operator.ExportMeshgate,
)


def _import_menu(menu, _context):
    menu.layout.operator(import_operator.ImportMeshgate.bl_idname, text="meshgate (DMC3, Nikita)")


def _export_menu(menu, _context):
    menu.layout.operator(export_operator.ExportMeshgate.bl_idname, text="meshgate (back into the game's file)")


def register():
    for cls in _CLASSES:
        bpy.utils.register_class(cls)
    bpy.types.TOPBAR_MT_file_import.append(_import_menu)
    bpy.types.TOPBAR_MT_file_export.append(_export_menu)


def unregister():
    bpy.types.TOPBAR_MT_file_export.remove(_export_menu)
    bpy.types.TOPBAR_MT_file_import.remove(_import_menu)
    for cls in reversed(_CLASSES):
        bpy.utils.unregister_class(cls)
