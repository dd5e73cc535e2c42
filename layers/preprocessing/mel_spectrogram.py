"""keras.layers.MelSpectrogram (Keras 3): log-mel spectrograms of raw audio, in Keras's operations.

``|stft(x)| ** mag_exp`` (frames centred by reflect-padding fft_length // 2), warped to
``num_mel_bins`` HTK mel bands between min_freq and max_freq, then, with power_to_db,
``10 log10(max(s, min_power)) - 10 log10(max(|ref_power|, min_power))`` floored at
``max - top_db``. Output (..., num_mel_bins, frames). No weights.
"""
from ..layer import Layer

_MEL_BREAK_FREQUENCY_HERTZ = 700.0
_MEL_HIGH_FREQUENCY_Q = 1127.0


def _ops():
    from framework.keras import ops          # keras.ops: loaded on first use, as the core asks
    return ops


class MelSpectrogram(Layer):
    """Mel spectrograms of (batch, time) or (time,) signals.

    Args (Keras 3's): fft_length (2048), sequence_stride (512), sequence_length (fft_length),
        window ('hann'), sampling_rate (16000), num_mel_bins (128), min_freq (20.0),
        max_freq (sampling_rate / 2), power_to_db (True), top_db (80.0), mag_exp (2.0),
        min_power (1e-10), ref_power (1.0).
    Raises:
        ValueError: fft_length below sequence_length.
    """
    _keras_data_layer = True      # a subclass of Keras 3's DataLayer (see Layer's input_shape warning)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values

    def __init__(self, fft_length=2048, sequence_stride=512, sequence_length=None, window='hann', sampling_rate=16000,
                 num_mel_bins=128, min_freq=20.0, max_freq=None, power_to_db=True, top_db=80.0, mag_exp=2.0,
                 min_power=1e-10, ref_power=1.0, **kwargs):
        self.fft_length = fft_length
        self.sequence_stride = sequence_stride
        self.sequence_length = sequence_length or fft_length
        if self.fft_length < self.sequence_length:
            raise ValueError('`fft_length` must be greater than or equal to   `sequence_length`. Received: '
                             '`sequence_length`=%s, `fft_length`=%s.' % (self.sequence_length, self.fft_length))
        self.window, self.sampling_rate, self.num_mel_bins = window, sampling_rate, num_mel_bins
        self.min_freq = min_freq
        self.max_freq = max_freq or int(sampling_rate / 2)
        self.power_to_db, self.top_db, self.mag_exp = power_to_db, top_db, mag_exp
        self.min_power, self.ref_power = min_power, ref_power
        super().__init__(**kwargs)

    def call(self, inputs):
        ops = _ops()
        dtype = self.compute_dtype if self.compute_dtype in ('float32', 'float64') else 'float32'
        outputs = self._melscale(self._spectrogram(ops.convert_to_tensor(inputs, dtype=dtype)))
        if self.power_to_db:
            outputs = self._dbscale(outputs)
        return ops.cast(ops.swapaxes(outputs, -1, -2), self.compute_dtype)

    def _spectrogram(self, inputs):
        ops = _ops()
        real, imag = ops.stft(inputs, sequence_length=self.sequence_length, sequence_stride=self.sequence_stride,
                              fft_length=self.fft_length, window=self.window, center=True)
        return ops.power(ops.sqrt(ops.add(ops.square(real), ops.square(imag))), self.mag_exp)

    def _melscale(self, inputs):
        matrix = self.linear_to_mel_weight_matrix(
            num_mel_bins=self.num_mel_bins, num_spectrogram_bins=inputs.shape[-1], sampling_rate=self.sampling_rate,
            lower_edge_hertz=self.min_freq, upper_edge_hertz=self.max_freq)
        return _ops().tensordot(inputs, matrix, axes=1)

    def _dbscale(self, inputs):
        ops = _ops()
        log_spec = 10.0 * ops.log10(ops.maximum(inputs, self.min_power))
        ref_value = ops.abs(ops.convert_to_tensor(self.ref_power))
        log_spec = log_spec - 10.0 * ops.log10(ops.maximum(ref_value, self.min_power))
        return ops.maximum(log_spec, ops.max(log_spec) - self.top_db)

    def _hertz_to_mel(self, frequencies_hertz):
        ops = _ops()
        return _MEL_HIGH_FREQUENCY_Q * ops.log(1.0 + (frequencies_hertz / _MEL_BREAK_FREQUENCY_HERTZ))

    def linear_to_mel_weight_matrix(self, num_mel_bins=20, num_spectrogram_bins=129, sampling_rate=8000,
                                    lower_edge_hertz=125.0, upper_edge_hertz=3800.0, dtype='float32'):
        """The (num_spectrogram_bins, num_mel_bins) matrix of HTK triangles (peaks 1, the DC bin zero)."""
        ops = _ops()
        sampling_rate = ops.cast(sampling_rate, dtype)
        lower_edge_hertz = ops.convert_to_tensor(lower_edge_hertz, dtype)
        upper_edge_hertz = ops.convert_to_tensor(upper_edge_hertz, dtype)
        zero = ops.convert_to_tensor(0.0, dtype)
        linear_frequencies = ops.linspace(zero, sampling_rate / 2.0, num_spectrogram_bins)[1:]
        spectrogram_bins_mel = ops.expand_dims(self._hertz_to_mel(linear_frequencies), 1)
        band_edges_mel = ops.extract_sequences(
            ops.linspace(self._hertz_to_mel(lower_edge_hertz), self._hertz_to_mel(upper_edge_hertz),
                         num_mel_bins + 2), sequence_length=3, sequence_stride=1)
        lower_edge_mel, center_mel, upper_edge_mel = (ops.reshape(t, [1, num_mel_bins])
                                                      for t in ops.split(band_edges_mel, 3, axis=1))
        lower_slopes = (spectrogram_bins_mel - lower_edge_mel) / (center_mel - lower_edge_mel)
        upper_slopes = (upper_edge_mel - spectrogram_bins_mel) / (upper_edge_mel - center_mel)
        weights = ops.maximum(zero, ops.minimum(lower_slopes, upper_slopes))
        return ops.pad(weights, [[1, 0], [0, 0]])

    def compute_output_shape(self, input_shape):
        def frames(steps):
            return None if steps is None else (steps + self.sequence_stride + 1) // self.sequence_stride
        if len(input_shape) == 1:
            return [self.num_mel_bins, frames(input_shape[0])]
        return [input_shape[0], self.num_mel_bins, frames(input_shape[1])]

    def get_config(self):
        config = super().get_config()
        config.update({'fft_length': self.fft_length, 'sequence_stride': self.sequence_stride,
                       'sequence_length': self.sequence_length, 'window': self.window,
                       'sampling_rate': self.sampling_rate, 'num_mel_bins': self.num_mel_bins,
                       'min_freq': self.min_freq, 'max_freq': self.max_freq, 'power_to_db': self.power_to_db,
                       'top_db': self.top_db, 'mag_exp': self.mag_exp, 'min_power': self.min_power,
                       'ref_power': self.ref_power})
        return config
