"""TensorFlow 2.21's texts for image bytes its decoders refuse and files ReadFile cannot read, with the
' name: ' tail its eager paths print: a tensor argument goes through the fast path, whose errors end
with ' name: ' and the op's name; Python bytes or a str go through the slow path, without it.
DecodeImage's Python wrapper runs its kernel inside a name scope (a bare ' name: '); DecodeJpeg's
errors never carry the tail (checked against TF 2.21: /work/notes/progs/errors23/p_decode*.py)."""
from ..errors import kernel_error
from ..tensor import Tensor

UNKNOWN_FORMAT = 'Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required.'
EMPTY = 'Input is empty.'
PNG_INIT = 'Invalid PNG. Failed to initialize decoder.'


def _tail(argument, kernel, name):
    if not isinstance(argument, Tensor) or kernel == 'DecodeJpeg':
        return False
    return name if name and kernel != 'DecodeImage' else True


def op_error(kernel, text, argument, name=None, note=None, error_class=None):
    """``kernel``'s eager error with ``text``, tailed as TF tails it for this ``argument`` (the bytes or
    file name the user passed) and ``name``; tapeflow's ``note`` attached."""
    return kernel_error(kernel, text, named=_tail(argument, kernel, name), note=note, error_class=error_class)


def image_format(data):
    """'png', 'jpeg', 'gif', 'bmp' or None, from the first bytes as TF's decoders sniff them."""
    if data.startswith(b'\x89PNG\r\n\x1a\n'):
        return 'png'
    if data.startswith(b'\xff\xd8\xff'):
        return 'jpeg'
    if data[:4] == b'GIF8':
        return 'gif'
    if data[:2] == b'BM':
        return 'bmp'
    return None
