"""The ImageNet weight file of an application model, from Keras's cache, with a message that says
what to do when it is neither cached nor downloadable (no network here, usually)."""
from ..files import DownloadError, get_file


def imagenet_weights_file(model_name, file_name, url, file_hash=None):
    """The local path of Keras's ``file_name`` (cache subfolder ``models``), downloaded from
    ``url`` if it is not cached.

    Raises:
        DownloadError: the file is not cached and cannot be downloaded; says where to put it by
            hand, and that ``weights=None`` (random initialisation) or ``weights=<path>`` builds
            the model without it.
    """
    try:
        return get_file(file_name, url, cache_subdir='models', file_hash=file_hash)
    except DownloadError as err:
        raise DownloadError("%s(weights='imagenet') needs Keras's weight file %s, which cannot be downloaded "
                            'here: %s. Or pass weights=None (random initial weights) or weights=<path of a '
                            'weights file>.' % (model_name, file_name, err)) from None
