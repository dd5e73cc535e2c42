"""``tf.fftnd`` / ``ifftnd`` / ``rfftnd`` / ``irfftnd``: the FFTND kernels under their raw-op spelling.

``fft_length`` and ``axes`` are required, as in TensorFlow's; ``Tcomplex`` / ``Treal`` choose the
output dtype of the real transforms. The values are ``tf.signal``'s (TensorFlow 2.21's CPU build
registers no kernels for these ops and raises NotFoundError).
"""
from .. import dtypes
from . import fourier_nd
from .operands import as_tensor, named_errors
from .shapes import cast


def _required(fft_length, axes):
    # TensorFlow converts both to int32 tensors: None is its conversion error
    for value in (fft_length, axes):
        if value is None:
            raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                             "Tensor.")


@named_errors('fftnd')
def fftnd(input, fft_length, axes, name=None):  # noqa: A002  (TensorFlow's argument names)
    """The N-D FFT of complex ``input`` over ``axes``, cropped or zero-padded to ``fft_length``."""
    _required(fft_length, axes)
    return fourier_nd.fftnd(input, fft_length, axes)


@named_errors('ifftnd')
def ifftnd(input, fft_length, axes, name=None):  # noqa: A002
    """The inverse N-D FFT of complex ``input`` over ``axes``."""
    _required(fft_length, axes)
    return fourier_nd.ifftnd(input, fft_length, axes)


@named_errors('rfftnd')
def rfftnd(input, fft_length, axes, Tcomplex=dtypes.complex64, name=None):  # noqa: A002,N803
    """The N-D FFT of real ``input`` over ``axes`` (the last one halved), as ``Tcomplex``."""
    _required(fft_length, axes)
    want = dtypes.as_dtype(Tcomplex)
    real = dtypes.float64 if want == dtypes.complex128 else dtypes.float32
    return fourier_nd.rfftnd(cast(as_tensor(input, 'rfftnd'), real), fft_length, axes)


@named_errors('irfftnd')
def irfftnd(input, fft_length, axes, Treal=dtypes.float32, name=None):  # noqa: A002,N803
    """The inverse of ``rfftnd``: real output of ``fft_length`` over ``axes``, as ``Treal``."""
    _required(fft_length, axes)
    want = dtypes.as_dtype(Treal)
    complex_ = dtypes.complex128 if want == dtypes.float64 else dtypes.complex64
    return fourier_nd.irfftnd(cast(as_tensor(input, 'irfftnd'), complex_), fft_length, axes)
