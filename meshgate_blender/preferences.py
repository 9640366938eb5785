"""The add-on's preference: which meshgate program to run."""

import os
import shutil

import bpy

from .runner import MeshgateError

ADDON_NAME = __package__


class MeshgatePreferences(bpy.types.AddonPreferences):
    bl_idname = ADDON_NAME

    meshgate_path: bpy.props.StringProperty(
        name="meshgate program",
        description="The meshgate executable; a bare name is looked up on PATH",
        default="meshgate",
        subtype="FILE_PATH",
    )

    def draw(self, _context):
        self.layout.prop(self, "meshgate_path")


def meshgate_program(context):
    """The meshgate executable the preference names, resolved on PATH when it is a bare name."""
    addon = context.preferences.addons.get(ADDON_NAME)
    configured = addon.preferences.meshgate_path if addon else "meshgate"
    configured = bpy.path.abspath(configured or "meshgate")
    if os.path.dirname(configured):
        if os.path.isfile(configured) and os.access(configured, os.X_OK):
            return configured
        raise MeshgateError(f"the meshgate program {configured} does not exist or is not executable "
                            "(Preferences > Add-ons > meshgate)")
    found = shutil.which(configured)
    if not found:
        raise MeshgateError(f"{configured} is not on PATH: install meshgate or set its path in "
                            "Preferences > Add-ons > meshgate")
    return found
