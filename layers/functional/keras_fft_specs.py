"""Keras 3's compute_output_spec of its Fourier ops (fft, fft2, ifft2, rfft, irfft, stft, istft) for keras.ops on
KerasTensors: each output keeps its part's dtype (int32 and bfloat16 parts too, which the kernels refuse), the
lengths come from Keras's formulas (rfft's last axis n // 2 + 1, even where it is None with an fft_length given),
and a None length Keras needs is refused in its words. keras.ops.fft and the others that take a (real, imag) pair
test ``any_symbolic_tensors(x)`` with x itself: a bare KerasTensor is asked for its truth value there, Keras's
TypeError "A symbolic KerasTensor cannot be used as a boolean.".
"""
from .keras_tensor import KerasTensor


def _pair(x):
    # Keras's checks of a (real, imag) argument
    if type(x) is KerasTensor:
        bool(x)     # (any_symbolic_tensors(x) in the op's function, before its Operation)
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        raise ValueError('Input `x` should be a tuple of two tensors - real and imaginary. Received: x=%s' % (x,))
    real, imag = x
    if real.shape != imag.shape:
        raise ValueError('Input `x` should be a tuple of two tensors - real and imaginary. Both the real and imaginary '
                         'parts should have the same shape. Received: x[0].shape = %s, x[1].shape = %s'
                         % (real.shape, imag.shape))
    return real, imag


def _rank_at_least(shape, rank):
    if len(shape) < rank:
        raise ValueError('Input should have rank >= %d. Received: input.shape = %s' % (rank, shape))


def _fft(x, config):
    real, imag = _pair(x)
    _rank_at_least(real.shape, 1)
    if real.shape[-1] is None:
        raise ValueError('Input should have its last dimension fully-defined. Received: input.shape = %s'
                         % (real.shape,))
    return KerasTensor(real.shape, real.dtype), KerasTensor(imag.shape, imag.dtype)


def _fft2(x, config):
    real, imag = _pair(x)
    _rank_at_least(real.shape, 2)
    if real.shape[-2] is None or real.shape[-1] is None:
        raise ValueError('Input should have its (-2, -1) axes fully-defined. Received: input.shape = %s'
                         % (real.shape,))
    return KerasTensor(real.shape, real.dtype), KerasTensor(imag.shape, imag.dtype)


def _rfft(x, config):
    _rank_at_least(x.shape, 1)
    fft_length = config.get('fft_length')
    if fft_length is not None:
        last = fft_length // 2 + 1
    else:
        last = None if x.shape[-1] is None else x.shape[-1] // 2 + 1
    shape = x.shape[:-1] + (last,)
    return KerasTensor(shape, x.dtype), KerasTensor(shape, x.dtype)


def _irfft(x, config):
    real, imag = _pair(x)
    _rank_at_least(real.shape, 1)
    fft_length = config.get('fft_length')
    if fft_length is not None:
        last = fft_length
    else:
        last = None if real.shape[-1] is None else 2 * (real.shape[-1] - 1)
    return KerasTensor(real.shape[:-1] + (last,), real.dtype)


def _stft(x, config):
    # Keras's STFT: the number of frames from the padded length (a scalar's shape[-1] is Python's IndexError); a
    # negative count is the KerasTensor's "Cannot convert '(-1, 5)' to a shape. ..."
    from layers.input_spec import standardize_shape
    fft_length, stride = config['fft_length'], config['sequence_stride']
    frames = None
    if x.shape[-1] is not None:
        padded = 0 if config.get('center', True) is False else (fft_length // 2) * 2
        frames = 1 + (x.shape[-1] + padded - fft_length) // stride
    shape = x.shape[:-1] + (frames, fft_length // 2 + 1)
    standardize_shape(shape)
    return KerasTensor(shape, x.dtype), KerasTensor(shape, x.dtype)


def _istft(x, config):
    real, imag = _pair(x)
    _rank_at_least(real.shape, 2)
    fft_length, length = config['fft_length'], config.get('length')
    if real.shape[-2] is not None:
        size = (real.shape[-2] - 1) * config['sequence_stride'] + fft_length
        if length is not None:
            size = length
        elif config.get('center', True):
            size = size - (fft_length // 2) * 2
    else:
        size = length
    return KerasTensor(real.shape[:-2] + (size,), real.dtype)


def _on_keras_tensors(rule):
    # a rule answers where x is a KerasTensor or a pair holding one
    def spec(x, config):
        parts = x if isinstance(x, (tuple, list)) else (x,)
        if not any(type(part) is KerasTensor for part in parts):
            return None
        return rule(x, config)
    return spec


FFT_SPECS = {name: _on_keras_tensors(rule) for name, rule in (
    ('fft', _fft), ('fft2', _fft2), ('ifft2', _fft2), ('rfft', _rfft), ('irfft', _irfft), ('stft', _stft),
    ('istft', _istft))}
