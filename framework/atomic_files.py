"""Atomic file replacement: a save either fully happens or leaves the old file.

The new content goes to a temporary file in the target's directory (the
same file system, so the final rename is atomic), is flushed and fsynced,
and only then renamed over the target with ``os.replace``. A process killed
mid-save leaves at worst a stray temporary file, never a truncated target.
"""
import contextlib
import errno
import os
import secrets


def check_overwrite(path, overwrite):
    """Whether to write ``path``: yes, unless it exists and ``overwrite`` is False; then the user is
    asked on stdin as Keras 3 asks (``ask_to_proceed_with_overwrite``): 'n' cancels the save, which
    writes nothing and raises nothing, 'y' goes on (with no stdin to read, input()'s EOFError)."""
    if overwrite or not os.path.exists(path):
        return True
    return ask_to_proceed_with_overwrite(path)


def ask_to_proceed_with_overwrite(path):
    """Keras 3's prompt, its words; True to overwrite."""
    from framework.keras.interactive_logging import print_msg
    answer = input('[WARNING] %s already exists - overwrite? [y/n]' % path).strip().lower()
    while answer not in ('y', 'n'):
        answer = input('Enter "y" (overwrite) or "n" (cancel).').strip().lower()
    if answer == 'n':
        return False
    print_msg('[TIP] Next time specify overwrite=True!')
    return True


@contextlib.contextmanager
def atomic_write(path, create_directories=True):
    """Yield a temporary path to write; on success it replaces ``path`` atomically.

    On any exception the temporary file is removed and ``path`` is untouched.
    ``create_directories``: make missing parent directories, as TensorFlow's
    checkpoints and SavedModels do; Keras's ``save`` and ``save_weights`` do
    not (False: a missing directory raises FileNotFoundError, as there). A
    file where the directory goes raises NotADirectoryError, as open() does.
    """
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    if create_directories and not os.path.exists(directory):
        os.makedirs(directory)          # (a file standing there is left to the error below, as in Keras)
    if not os.path.isdir(directory):
        code = missing_directory_errno(directory)
        raise OSError(code, os.strerror(code), path)      # open()'s FileNotFoundError / NotADirectoryError
    _refuse_directory(path)
    temporary = _new_temporary(directory, os.path.basename(path))
    try:
        yield temporary
        _fsync_file(temporary)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise
    _fsync_directory(directory)


def missing_directory_errno(directory):
    """Why a file cannot be created in ``directory``, which is no directory: ENOTDIR when it, or the
    nearest existing path above it, is a file (open() then fails so), else ENOENT."""
    while directory and not os.path.exists(directory):
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
    return errno.ENOTDIR if os.path.exists(directory) and not os.path.isdir(directory) else errno.ENOENT


@contextlib.contextmanager
def atomic_write_together(paths):
    """Yield temporary paths for several files that only make sense together.

    Every temporary is written and synced before the first rename, so an
    exception while writing any of them leaves all the old files in place
    (a checkpoint's index rewritten at the same prefix must never name the
    offsets of a half-written new data file). The renames follow the order of
    ``paths``: put last the file that readers look for first.
    """
    paths = [os.fspath(p) for p in paths]
    for path in paths:
        _refuse_directory(path)
    directories = [os.path.dirname(os.path.abspath(p)) for p in paths]
    temporaries = []
    try:
        for directory, path in zip(directories, paths):
            os.makedirs(directory, exist_ok=True)
            temporaries.append(_new_temporary(directory, os.path.basename(path)))
        yield list(temporaries)
        for temporary in temporaries:
            _fsync_file(temporary)
        for temporary, path in zip(temporaries, paths):
            os.replace(temporary, path)
    except BaseException:
        for temporary in temporaries:
            with contextlib.suppress(OSError):
                os.remove(temporary)
        raise
    for directory in sorted(set(directories)):
        _fsync_directory(directory)


def _refuse_directory(path):
    # Opening a directory to write fails at once in Python (Keras's zip writer: "[Errno 21] Is a
    # directory: 'm.keras'"); found only at the final rename, the error named our temporary file.
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)


def _new_temporary(directory, base):
    # os.open with mode 0o666 lets the umask decide the permissions, as for a
    # file written in place (tempfile.mkstemp would leave it private, 0o600).
    for _ in range(100):
        candidate = os.path.join(directory, '.%s.%s.tmp' % (base, secrets.token_hex(4)))
        try:
            os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            return candidate
        except FileExistsError:
            continue
    raise FileExistsError('could not create a temporary file next to %s' % os.path.join(directory, base))


def _fsync_file(path):
    with open(path, 'rb+') as f:
        os.fsync(f.fileno())


def _fsync_directory(directory):
    # Makes the rename itself durable; not possible on every platform (Windows).
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
