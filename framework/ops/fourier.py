"""``tf.signal``'s discrete Fourier transforms on complex tensors: fft, ifft, their 2-D and
3-D forms, rfft / irfft (real signals, half spectra) and fftshift / ifftshift.

The transforms are numpy's (or cupy's) FFTs with TensorFlow's gradients, through
``spectral_transform``; fftshift and ifftshift are rolls.
"""
import numpy as np

from ..errors import InvalidArgumentError, fast_path, kernel_error, noted
from .. import backend
from ..tensor import Tensor
from .operands import as_tensor, named_errors
from .sequences import roll
from .spectral_transform import _COMPLEX_OF, spectral_transform
from .unregistered_gradient import without_gradient
from .graph_input_errors import eager_input_error, kernel_dtype_name
from .python_value_array import python_value_array


def on_device_of(tensor, ref):
    """``tensor`` (built on the host: a window, a DCT matrix) moved to ``ref``'s device if it differs."""
    xp = backend.array_module(ref._data)
    return tensor if backend.array_module(tensor._data) is xp else Tensor(xp.asarray(tensor._data))


def _complex_input(x, op):
    """A complex64 / complex128 tensor for the complex transforms and whether TF's fast path takes ``x`` (its
    kernel errors then end in ' name: '). TF converts a Python or numpy value straight to the op's default
    complex64 (a complex128 array too); its kernel refuses a real tensor with the registry's attr error, and
    irfftnd's Python wrapper with its own ValueError."""
    named = fast_path(x)        # a Python list goes through the slow path: kernel errors end at '[Op:FFT]'
    if not isinstance(x, Tensor) and x is not None and python_value_array(x).dtype.kind in 'biufc':
        x = np.asarray(x).astype(np.complex64)
    t = as_tensor(x, op)
    if t._data.dtype.kind != 'c':
        if op.startswith('signal.irfft'):
            raise _irfft_refusal(t, op)
        kernel = op[len('signal.'):].upper()        # 'FFT', 'IFFT2D', 'FFTND'
        inputs = 'input:Tcomplex, fft_length:int32, axes:int32' if kernel.endswith('ND') else 'input:Tcomplex'
        error = InvalidArgumentError(
            "Value for attr 'Tcomplex' of %s is not in the list of allowed values: complex64, complex128\n\t; NodeDef: "
            "{{node %s}}; Op<name=%s; signature=%s -> output:Tcomplex; attr=Tcomplex:type,default=DT_COMPLEX64,"
            "allowed=[DT_COMPLEX64, DT_COMPLEX128]> [Op:%s] name: " % (kernel_dtype_name(t.dtype), kernel, kernel,
                                                                      inputs, kernel))
        raise noted(error, '%s: the input must be complex64 or complex128, got %s: build one with tf.complex(real, '
                           'imag) or tf.cast(x, tf.complex64)' % (op, t.dtype.name))
    return t, named


def _irfft_refusal(t, op):
    return noted(ValueError('IRFFT requires tf.complex64 or tf.complex128 inputs, got: %s' % (t,)),
                 '%s: input must be complex64 or complex128, got %s' % (op, t.dtype.name))


def _irfft_input(x, op, rank):
    """irfft's input: TF's Python wrapper checks the rank first ('Shape () must have rank at least 1'), then
    refuses a real tensor ('IRFFT requires tf.complex64 or tf.complex128 inputs, got: <the tensor>')."""
    if not isinstance(x, Tensor) and x is not None and python_value_array(x).dtype.kind in 'biufc':
        x = np.asarray(x).astype(np.complex64)
    t = as_tensor(x, op)
    _check_rank(t, rank, op)
    if t._data.dtype.kind != 'c':
        raise _irfft_refusal(t, op)
    return t


def _real_input(x, op):
    """A float32 / float64 tensor; TF converts other values preferring float32 (a numpy float64, float16 or
    integer array, or a pandas Series, becomes float32), and refuses a tensor of another dtype in Python
    ('RFFT requires ...')."""
    if not isinstance(x, Tensor) and x is not None and python_value_array(x).dtype.kind in 'iuf':
        x = np.asarray(x).astype(np.float32)
    t = as_tensor(x, op)
    if t._data.dtype not in _COMPLEX_OF:
        error = ValueError('RFFT requires tf.float32 or tf.float64 inputs, got: %s' % (t,))
        error.add_note('%s: input must be float32 or float64, got %s' % (op, t.dtype.name))
        raise error
    return t


def _check_rank(t, rank, op):
    if t.ndim < rank:
        error = ValueError('Shape %s must have rank at least %d' % (tuple(t.shape), rank))
        error.add_note('%s: input must have rank >= %d, got shape %s' % (op, rank, tuple(t.shape)))
        raise error


def _lengths(fft_length, rank, default, op):
    if fft_length is None:
        return list(default)
    values = np.asarray(fft_length.numpy() if hasattr(fft_length, 'numpy') else fft_length).reshape(-1)
    if values.shape != (rank,) or values.dtype.kind not in 'iu' or (values < 1).any():
        # (TF 2.21 aborts the process on an fft_length of 0: refused here)
        raise ValueError('%s: fft_length must be %d positive integer(s), got %r' % (op, rank, fft_length))
    return [int(v) for v in values]


def _published(transform, name, doc):
    """``transform`` under TensorFlow's name, with errors that name ``signal.<name>``."""
    transform.__name__ = transform.__qualname__ = name
    transform = named_errors('signal.' + name, passes_name=True)(transform)
    transform.__doc__ = doc
    return transform


def _complex_transform(name, rank, inverse):
    op = 'signal.' + name

    def transform(input, name=None):  # noqa: A002  (TensorFlow's argument name)
        t, named = _complex_input(input, op)
        if t.ndim < rank:       # the kernel's check (a real input's attr error comes first)
            raise kernel_error(op[len('signal.'):].upper(), 'Input must have rank of at least %d but got: [%s]'
                               % (rank, ','.join(str(d) for d in t.shape)), named=named,
                               note='%s: input must have rank >= %d, got shape %s' % (op, rank, tuple(t.shape)))
        axes = range(t.ndim - rank, t.ndim)
        return spectral_transform('ifft' if inverse else 'fft', t, t.shape[-rank:], axes)
    return _published(transform, name, 'The %s%s discrete Fourier transform over the last %d axes (complex in, '
                      'complex out).' % ('inverse ' if inverse else '', '%d-D ' % rank if rank > 1 else '', rank))


fft, ifft = _complex_transform('fft', 1, False), _complex_transform('ifft', 1, True)
fft2d, ifft2d = _complex_transform('fft2d', 2, False), _complex_transform('ifft2d', 2, True)
fft3d, ifft3d = _complex_transform('fft3d', 3, False), _complex_transform('ifft3d', 3, True)


def _real_transform(name, rank, inverse):
    """rfft (real signal in, half spectrum out) or, ``inverse``, irfft (half spectrum in, real signal out)."""
    op = 'signal.' + name

    def transform(input_tensor, fft_length=None, name=None):
        if inverse:
            t = _irfft_input(input_tensor, op, rank)
        else:
            t = _real_input(input_tensor, op)
            _check_rank(t, rank, op)
        # the inverse's default: the even-length signal whose half spectrum has this many frequencies
        default = list(t.shape[-rank:-1]) + [max(2 * (t.shape[-1] - 1), 0)] if inverse else t.shape[-rank:]
        lengths = _lengths(fft_length, rank, default, op)
        kind, axes = 'irfft' if inverse else 'rfft', range(t.ndim - rank, t.ndim)
        if rank == 3:       # TF 2.21 registers gradients for RFFT / RFFT2D and their inverses, not for the 3-D ones
            return without_gradient(kind.upper() + '3D', lambda x: spectral_transform(kind, x, lengths, axes), t)
        return spectral_transform(kind, t, lengths, axes)
    dims = '%d-D ' % rank if rank > 1 else ''
    if inverse:
        return _published(transform, name, 'The real signal whose %sFourier transform is the half spectrum given; '
                          'fft_length defaults to 2 (n - 1) along the last axis.' % dims)
    return _published(transform, name, 'The %sFourier transform of a real signal over its last %d axes: fft_length '
                      '(default: the input size) crops or zero-pads, and the last axis keeps fft_length // 2 + 1 '
                      'frequencies.' % (dims, rank))


rfft, irfft = _real_transform('rfft', 1, False), _real_transform('irfft', 1, True)
rfft2d, irfft2d = _real_transform('rfft2d', 2, False), _real_transform('irfft2d', 2, True)
rfft3d, irfft3d = _real_transform('rfft3d', 3, False), _real_transform('irfft3d', 3, True)


def _refuse_shift_axes(axes, ndim, op):
    """TF 2.21's fftshift errors for axes it cannot use: an int axis reads shape(x)[axes] (StridedSlice's
    bounds error), other axes run where(axes < 0, axes + rank(x), axes) and gather(shape(x), axes): a float
    or int64 tensor is AddV2's dtype error against the int32 rank, a float (list) the int32 conversion's
    TypeError, an index out of range GatherV2's."""
    note = '%s: axes must be integers in [%d, %d), got %r' % (op, -ndim, ndim, axes)
    if type(axes) is int:
        if not -ndim <= axes < ndim:
            raise kernel_error('StridedSlice', 'slice index %d of dimension 0 out of bounds.'
                               % (axes + ndim if axes < 0 else axes),
                               named='strided_slice/', note=note)
        return
    if isinstance(axes, Tensor):
        if axes._data.dtype.kind in 'iuf' and axes.dtype.name != 'int32':
            raise noted(eager_input_error('AddV2', 1, axes.dtype, 'int32'), note)
    elif type(axes) is float or (type(axes) in (list, tuple) and any(type(a) is float for a in axes)):
        raise noted(TypeError('Cannot convert %r to EagerTensor of dtype int32' % (axes,)), note)
    if type(axes) in (list, tuple) and all(type(a) is int for a in axes):
        bad = next((a for a in axes if not -ndim <= a < ndim), None)
        if bad is not None:
            raise kernel_error('GatherV2', 'indices[%d] = %d is not in [0, %d)'
                               % (axes.index(bad), bad + ndim if bad < 0 else bad, ndim), named=True, note=note)


def _shift(x, axes, sign, op):
    t = as_tensor(x, op)
    if axes is None and t.ndim == 0:
        # TF rolls by shape(x) // 2 (int32, empty) along tuple(range(0)) = (), which converts to float32:
        # Roll's Taxis attr error, for a scalar of any dtype (a string 'abc' too)
        return roll(t, Tensor(np.zeros(0, np.int32)), ())
    if axes is not None:
        _refuse_shift_axes(axes, t.ndim, op)
        if isinstance(axes, np.ndarray) and axes.dtype.kind == 'f':    # TF converts it to the int32 rank's dtype
            axes = axes.astype(np.int32)
    axes = list(range(t.ndim)) if axes is None else ([axes] if isinstance(axes, int) else list(axes))
    for a in axes:
        if not -t.ndim <= int(a) < t.ndim:
            raise ValueError('%s: axis %d is out of range for a tensor of rank %d' % (op, a, t.ndim))
    shifts = [sign * (t.shape[a] // 2) for a in axes]
    return roll(t, shifts, axes) if axes else t


@named_errors('signal.fftshift')
def fftshift(x, axes=None, name=None):
    """The zero frequency moved to the centre: each axis rolled by n // 2."""
    return _shift(x, axes, 1, 'signal.fftshift')


@named_errors('signal.ifftshift')
def ifftshift(x, axes=None, name=None):
    """fftshift undone: each axis rolled by -(n // 2)."""
    return _shift(x, axes, -1, 'signal.ifftshift')
