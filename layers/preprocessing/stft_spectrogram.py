"""keras.layers.STFTSpectrogram (Keras 3): spectrograms of 1-D signals by convolution with STFT kernels.

The layer holds two (frame_length, 1, fft_length // 2 + 1) kernels made by the STFT initializer
(real: windowed cosines, imag: windowed sines), trainable unless the layer is not, and convolves
every input channel with them at ``frame_step``. ``mode`` picks the output: 'real', 'imag', their
'stft' concatenation, 'angle', 'psd' (the power, doubled on the bins that stand for a conjugate
pair), 'magnitude' or its 'log'.
"""
import math
import warnings

from framework.keras.backend import epsilon
from framework.ops import atan2, cast, concat, conv1d, log, maximum, pad, reshape, sqrt, transpose

from ..channels_first import data_format_option
from ..initializers.stft import STFT, check_window
from ..input_spec import InputSpec
from ..layer import Layer

MODES = ('log', 'magnitude', 'psd', 'real', 'imag', 'angle', 'stft')


def _check_arguments(mode, frame_length, frame_step, fft_length, scaling, padding):
    if frame_step is not None and (frame_step > frame_length or frame_step < 1):
        raise ValueError('`frame_step` should be a positive integer not greater than `frame_length`. Received '
                         'frame_step=%s, frame_length=%s' % (frame_step, frame_length))
    if fft_length is not None and fft_length < frame_length:
        raise ValueError('`fft_length` should be not less than `frame_length`. Received fft_length=%s, '
                         'frame_length=%s' % (fft_length, frame_length))
    if fft_length is not None and (fft_length & -fft_length) != fft_length:
        warnings.warn('`fft_length` is recommended to be a power of two. Received fft_length=%s' % fft_length)
    if mode not in MODES:
        raise ValueError('Output mode is invalid, it must be one of %s. Received: mode=%s' % (', '.join(MODES), mode))
    if scaling not in (None, 'density', 'spectrum'):
        raise ValueError("Scaling is invalid, it must be `None`, 'density' or 'spectrum'. Received scaling=%s"
                         % (scaling,))
    if padding not in ('valid', 'same'):
        raise ValueError("Padding is invalid, it should be 'valid', 'same'. Received: padding=%s" % (padding,))


class STFTSpectrogram(Layer):
    """Spectrograms of (batch, time, channels) signals ((batch, channels, time) for channels_first).

    Args (Keras 3's): mode ('log'), frame_length (256), frame_step (frame_length // 2),
        fft_length (the next power of two from frame_length), window ('hann', values or None),
        periodic (False), scaling ('density', 'spectrum' or None), padding ('valid' or 'same'),
        expand_dims (False: frequencies of all channels on one axis; True: a 4-D image),
        data_format.
    Output: (batch, frames, channels * bins) or, with expand_dims, (batch, frames, bins, channels);
        channels_first puts channels (and bins) before frames. 'stft' mode has 2 * bins.
    Raises:
        ValueError: bad arguments (Keras's messages); TypeError: a non-float input.
    """

    def __init__(self, mode='log', frame_length=256, frame_step=None, fft_length=None, window='hann',
                 periodic=False, scaling='density', padding='valid', expand_dims=False, data_format=None, **kwargs):
        _check_arguments(mode, frame_length, frame_step, fft_length, scaling, padding)
        check_window(window)
        super().__init__(**kwargs)
        self.mode, self.frame_length, self.frame_step, self.fft_length = mode, frame_length, frame_step, fft_length
        self._frame_step = frame_step or frame_length // 2
        self._fft_length = fft_length or 2 ** int(math.ceil(math.log2(frame_length)))
        self.window, self.periodic, self.scaling, self.padding = window, periodic, scaling, padding
        self.expand_dims = expand_dims
        self.data_format = data_format_option(data_format, 'STFTSpectrogram %r' % self.name)
        self.input_spec = InputSpec(ndim=3)

    def build(self, input_shape):
        shape = (self.frame_length, 1, self._fft_length // 2 + 1)
        if self.mode != 'imag':
            self.real_kernel = self.add_weight(name='real_kernel', shape=shape, initializer=STFT(
                'real', self.window, self.scaling, self.periodic))
        if self.mode != 'real':
            self.imag_kernel = self.add_weight(name='imag_kernel', shape=shape, initializer=STFT(
                'imag', self.window, self.scaling, self.periodic))
        self.built = True

    def _apply_conv(self, signals, kernel):
        """(batch, time, channels) -> (batch, channels, bins, frames), each channel on its own."""
        _, steps, channels = signals.shape
        flat = reshape(transpose(signals, [0, 2, 1]), [-1, steps, 1])
        out = conv1d(flat, cast(kernel, signals.dtype), self._frame_step, self.padding.upper())
        frames, bins = out.shape[1], out.shape[2]
        return reshape(transpose(out, [0, 2, 1]), [-1, channels, bins, frames])

    def _adjust_shapes(self, outputs):
        _, channels, bins, frames = outputs.shape
        if self.data_format == 'channels_last':
            if self.expand_dims:
                return transpose(outputs, [0, 3, 2, 1])
            return transpose(reshape(outputs, [-1, channels * bins, frames]), [0, 2, 1])
        if self.expand_dims:
            return transpose(outputs, [0, 1, 3, 2])
        return reshape(outputs, [-1, channels * bins, frames])

    def call(self, inputs):
        if inputs.dtype.name not in ('float16', 'float32', 'float64'):
            raise TypeError('STFTSpectrogram %r: Invalid input type. Expected `float16`, `float32` or `float64`. '
                            'Received: input type=%s' % (self.name, inputs.dtype.name))
        # channels_first is computed on the transposed signal (TensorFlow's CPU kernels refuse NCW convolutions)
        signals = transpose(inputs, [0, 2, 1]) if self.data_format == 'channels_first' else inputs
        real = self._apply_conv(signals, self.real_kernel) if self.mode != 'imag' else None
        imag = self._apply_conv(signals, self.imag_kernel) if self.mode != 'real' else None
        if self.mode in ('real', 'imag'):
            return self._adjust_shapes(real if self.mode == 'real' else imag)
        if self.mode == 'angle':
            return self._adjust_shapes(atan2(imag, real))
        if self.mode == 'stft':
            return self._adjust_shapes(concat([real, imag], axis=2))
        power = real * real + imag * imag
        if self.mode == 'psd':
            return self._adjust_shapes(power + pad(power[:, :, 1:-1, :], [[0, 0], [0, 0], [1, 1], [0, 0]]))
        magnitude = self._adjust_shapes(sqrt(maximum(power, epsilon())))
        return magnitude if self.mode == 'magnitude' else log(maximum(magnitude, epsilon()))

    def compute_output_shape(self, input_shape):
        batch = input_shape[0]
        channels, steps = (input_shape[-1], input_shape[1]) if self.data_format == 'channels_last' \
            else (input_shape[1], input_shape[-1])
        bins = (self._fft_length // 2 + 1) * (2 if self.mode == 'stft' else 1)
        if steps is None:
            frames = None
        elif self.padding == 'same':
            frames = -(-steps // self._frame_step)
        else:
            frames = (steps - self.frame_length) // self._frame_step + 1
        if self.expand_dims:
            return (batch, frames, bins, channels) if self.data_format == 'channels_last' \
                else (batch, channels, frames, bins)
        width = None if channels is None else channels * bins
        return (batch, frames, width) if self.data_format == 'channels_last' else (batch, width, frames)

    def get_config(self):
        config = super().get_config()
        config.update({'mode': self.mode, 'frame_length': self.frame_length, 'frame_step': self.frame_step,
                       'fft_length': self.fft_length, 'window': self.window, 'periodic': self.periodic,
                       'scaling': self.scaling, 'padding': self.padding, 'data_format': self.data_format,
                       'expand_dims': self.expand_dims})
        return config
