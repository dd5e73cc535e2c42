"""``keras.utils.get_file``: a file from Keras's cache, downloaded (urllib) only when missing.

The cache is Keras 3's: ``$KERAS_HOME`` (read at each call) or ``~/.keras``,
then ``cache_subdir`` ('datasets'), so files that Keras already downloaded are
found here, and a machine without network can be given a file by putting it
at the path the error message names.
"""
import hashlib
import os
import tarfile
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import warnings
import zipfile

from .interactive_logging import print_msg


class DownloadError(Exception):
    """The file is neither in the cache nor downloadable (offline, bad URL, HTTP error)."""


def keras_home():
    """$KERAS_HOME, else ~/.keras (/tmp/.keras where the home directory is read-only), as Keras."""
    if 'KERAS_HOME' in os.environ:
        return os.environ['KERAS_HOME']
    base = os.path.expanduser('~')
    return os.path.join(base if os.access(base, os.W_OK) else '/tmp', '.keras')


def get_file(fname=None, origin=None, untar=False, md5_hash=None, file_hash=None, cache_subdir='datasets',
             hash_algorithm='auto', extract=False, archive_format='auto', cache_dir=None, force_download=False):
    """The local path of ``origin``'s file, downloading it into the cache first if it is not there.

    Args:
        fname: the file's name in the cache (default: the URL's last path part); not a path.
        origin: the URL.
        untar: legacy spelling of ``extract=True, archive_format='tar'``.
        md5_hash: legacy spelling of ``file_hash`` with ``hash_algorithm='md5'``.
        file_hash: the expected sha256 or md5 hex digest; a cached file that does not match is
            downloaded again, a download that does not match raises.
        cache_subdir: the folder under the cache directory ('datasets'); may be absolute.
        hash_algorithm: 'md5', 'sha256' or 'auto' (sha256 for a 64-character hash).
        extract: unpack the archive and return the folder it was unpacked into.
        archive_format: 'auto' (tar, then zip), 'tar', 'zip', a list of them, or None.
        cache_dir: the cache directory (default: ``keras_home()``).
        force_download: download even when the file is cached.
    Returns:
        the path of the file, or of the extraction folder with ``extract``.
    Raises:
        ValueError: no origin, an fname containing a path, or a downloaded file whose hash differs.
        DownloadError: the file is not cached and cannot be downloaded (names the URL and the path
            at which to put the file by hand).
    """
    if origin is None:
        raise ValueError('Please specify the "origin" argument (URL of the file to download).')
    if md5_hash is not None and file_hash is None:
        file_hash, hash_algorithm = md5_hash, 'md5'
    base = os.path.expanduser(cache_dir if cache_dir is not None else keras_home())
    if not os.access(base, os.W_OK) and os.path.exists(base):
        base = os.path.join('/tmp' if os.path.isdir('/tmp') else tempfile.gettempdir(), '.keras')
    datadir = os.path.join(base, cache_subdir)
    os.makedirs(datadir, exist_ok=True)
    given = fname
    fname = os.fspath(fname) if fname else os.path.basename(urllib.parse.urlsplit(origin).path)
    if not fname:
        raise ValueError("get_file: can't parse a file name from origin %r; pass the `fname` argument" % origin)
    if os.sep in fname:
        raise ValueError('get_file: paths are not accepted as `fname`, got %r; give the parent folder as '
                         '`cache_dir` instead' % fname)
    target, extraction_dir = _targets(datadir, fname, bool(given), extract or untar)

    download = force_download or not os.path.exists(target)
    if not download and file_hash is not None and not validate_file(target, file_hash, hash_algorithm):
        print_msg('A local file was found, but it seems to be incomplete or outdated because the %s file hash does '
              'not match the original value of %s so we will re-download the data.' % (hash_algorithm, file_hash))
        download = True
    if download:
        _download(origin, target)
        if file_hash is not None and not validate_file(target, file_hash, hash_algorithm):
            raise ValueError('get_file: incomplete or corrupted file detected at %s: its %s hash does not match '
                             'the expected %s' % (target, hash_algorithm, file_hash))
    if extraction_dir is None:
        return target
    if not extract_archive(target, extraction_dir, 'tar' if untar else archive_format):
        warnings.warn('get_file: could not extract archive %s' % target, stacklevel=2)
    return extraction_dir


def _targets(datadir, fname, fname_given, extract):
    """(download path, extraction folder or None), named as Keras 3 names them."""
    if not extract:
        return os.path.join(datadir, fname), None
    if fname_given and '.' in fname:
        stem = fname[:fname.find('.')]
        return os.path.join(datadir, fname), os.path.join(datadir, stem + '_extracted')
    return os.path.join(datadir, fname + '_archive'), os.path.join(datadir, fname)


def _download(origin, target):
    print_msg('Downloading data from %s' % origin)
    try:
        urllib.request.urlretrieve(origin, target, _ProgressHook())
    except (urllib.error.URLError, OSError, ValueError) as err:
        if os.path.exists(target):
            os.remove(target)
        # Keras's text first: 'URL fetch failure on <url>: <code> -- <msg>' for an HTTP error, '<errno>
        # -- <reason>' (errno None) for a failed connection; then where to put the file by hand
        if isinstance(err, urllib.error.HTTPError):
            cause = '%s -- %s' % (err.code, err.msg)
        elif isinstance(err, urllib.error.URLError):
            cause = '%s -- %s' % (err.errno, err.reason)
        else:
            cause = err
        raise DownloadError('URL fetch failure on %s: %s. The file is not in the cache either: download it by other '
                            'means and put it at %s (set $KERAS_HOME to use another cache folder)'
                            % (origin, cause, target)) from None
    except KeyboardInterrupt:
        if os.path.exists(target):
            os.remove(target)
        raise


class _ProgressHook:
    """urlretrieve's report hook, drawing Keras's progress bar in bytes."""

    def __init__(self):
        self.bar = None

    def __call__(self, block_num, block_size, total_size):
        from layers.training.progbar import Progbar
        if self.bar is None:
            self.bar = Progbar(None if total_size == -1 else total_size)
        current = block_num * block_size
        if self.bar.target is None or current < self.bar.target:
            self.bar.update(current)
        elif self.bar.seen < self.bar.target:
            self.bar.update(self.bar.target)


def resolve_hasher(algorithm, file_hash=None):
    """sha256 when asked for or when 'auto' meets a 64-character hash; md5 otherwise (as Keras)."""
    if algorithm == 'sha256' or (algorithm == 'auto' and file_hash is not None and len(file_hash) == 64):
        return hashlib.sha256()
    return hashlib.md5()


def hash_file(fpath, algorithm='sha256', chunk_size=65535):
    """The hex digest of a file ('sha256', 'md5' or a hashlib object)."""
    hasher = resolve_hasher(algorithm) if isinstance(algorithm, str) else algorithm
    with open(fpath, 'rb') as f:
        for chunk in iter(lambda: f.read(chunk_size), b''):
            hasher.update(chunk)
    return hasher.hexdigest()


def validate_file(fpath, file_hash, algorithm='auto', chunk_size=65535):
    """Whether the file's digest equals ``file_hash``."""
    return hash_file(fpath, resolve_hasher(algorithm, file_hash), chunk_size) == str(file_hash)


def extract_archive(file_path, path='.', archive_format='auto'):
    """Unpack a tar or zip archive into ``path``; True if it was one of the formats asked for.

    Members that would land outside ``path`` (absolute names, '..', links out) are skipped.
    """
    if archive_format is None:
        return False
    formats = ['tar', 'zip'] if archive_format == 'auto' else (
        [archive_format] if isinstance(archive_format, str) else list(archive_format))
    for kind in formats:
        if kind not in ('tar', 'zip'):
            raise ValueError("extract_archive: archive_format must be 'auto', 'tar', 'zip' or a list of those, "
                             'got %r' % (kind,))
        if kind == 'tar' and tarfile.is_tarfile(file_path):
            # The 'data' filter (Python >= 3.11.4) also refuses links out and special files.
            options = {'filter': 'data'} if hasattr(tarfile, 'data_filter') else {}
            with tarfile.open(file_path) as archive:
                safe = [m for m in archive.getmembers() if _inside(path, m.name)]
                archive.extractall(path, members=safe, **options)
            return True
        if kind == 'zip' and zipfile.is_zipfile(file_path):
            with zipfile.ZipFile(file_path) as archive:
                archive.extractall(path, members=[m for m in archive.namelist() if _inside(path, m)])
            return True
    return False


def _inside(root, name):
    root = os.path.realpath(root)
    return os.path.realpath(os.path.join(root, name)).startswith(root + os.sep)
