"""Running the meshgate program: argument lists only (no shell), its stderr as the error."""

import subprocess


class MeshgateError(Exception):
    """A refusal to show the user as it is (meshgate's own message, or why it could not run)."""


def run_meshgate(program, arguments):
    """Runs meshgate with ARGUMENTS and returns its stdout; a non-zero exit raises
    MeshgateError with meshgate's message (its stderr, else its stdout)."""
    try:
        done = subprocess.run([program, *arguments], capture_output=True, text=True, check=False)
    except OSError as error:
        raise MeshgateError(f"could not run {program}: {error.strerror}") from error
    if done.returncode != 0:
        message = (done.stderr.strip() or done.stdout.strip() or "no message").splitlines()
        raise MeshgateError(f"meshgate exited {done.returncode}: " + " | ".join(message[-6:]))
    return done.stdout
