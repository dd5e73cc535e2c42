"""keras.layers.STFTSpectrogram / MelSpectrogram and keras.initializers.STFT against Keras 3.15 on TF 2.21
(values printed by /work/notes/progs/audio/spec.py, run with /opt/tfref's keras; the same program with
tapeflow's imports). Kernels and float32 sin/cos carry TF's bits; the convolutions' sums differ from
oneDNN's in the last bits, so layer outputs are compared to ~1e-5."""
import numpy as np
import pytest

from framework import keras
from framework.ops import eigen_trig

L = keras.layers
X = np.sin(np.arange(40, dtype=np.float32).reshape(2, 20, 1) * 0.7) + np.float32(0.1)
X2 = np.concatenate([X, X[:, ::-1] * 0.5], -1)
MX = np.sin(np.arange(60, dtype=np.float32).reshape(2, 30) * 0.3)


def test_float32_sin_and_cos_are_eigens():
    # TF 2.21's tf.sin / tf.cos at points where numpy's float32 functions round the other way (in packets
    # of 8, as here; a tensor's last size % 8 elements take C's sinf / cosf)
    a = np.float32([0.8292244076728821, -9.433606147766113, -5.45684814453125, 7.529684543609619] * 2)
    np.testing.assert_array_equal(eigen_trig.sin(a), np.float32([0.7374076843261719, 0.008828071877360344,
                                                                 0.7354544401168823, 0.947874903678894] * 2))
    b = np.float32([-6.994410514831543, 5.926485538482666, -0.7990972399711609, 0.586243212223053] * 2)
    np.testing.assert_array_equal(eigen_trig.cos(b), np.float32([0.7575626373291016, 0.9370542764663696,
                                                                 0.6973539590835571, 0.8330249786376953] * 2))
    assert (np.sin(a) != eigen_trig.sin(a)).any() and (np.cos(b) != eigen_trig.cos(b)).any()


def test_stft_initializer_values_are_keras_bits():
    k = keras.initializers.STFT('real', 'hann', 'density', False)((6, 1, 5)).numpy()[:, 0, :]
    np.testing.assert_array_equal(k, np.float32([
        [0.0, 0.0, 0.0, 0.0, 0.0],
        [2.5231132e-01, 1.7841104e-01, -1.1028878e-08, -1.7841104e-01, -2.5231132e-01],
        [6.6055959e-01, -2.8873979e-08, -6.6055959e-01, 7.8770945e-09, 6.6055959e-01],
        [6.6055959e-01, -4.6708614e-01, 7.8770945e-09, 4.6708614e-01, -6.6055959e-01],
        [2.5231132e-01, -2.5231132e-01, 2.5231132e-01, -2.5231132e-01, 2.5231132e-01],
        [0.0, -0.0, -0.0, 0.0, -0.0]]))
    k = keras.initializers.STFT('imag', 'hamming', 'spectrum', True)((4, 1, 3)).numpy()[:, 0, :]
    np.testing.assert_array_equal(k, np.float32([[0, 0, 0], [0, -0.25, 2.1855694e-08], [0, 4.0473505e-08, -8.0947011e-08],
                                                 [0, 0.25, 5.9624403e-09]]))
    np.testing.assert_array_equal(keras.initializers.STFT('real', None, None)((3, 1, 2)).numpy()[:, 0, :],
                                  [[1, 1], [1, -1], [1, 1]])
    k = keras.initializers.STFTInitializer('imag', [0.1, 0.5, 1.0], 'density')((3, 1, 2)).numpy()[:, 0, :]
    np.testing.assert_array_equal(k, np.float32([[0, 0], [0, 3.894120e-08], [0, -1.557648e-07]]))
    init = keras.initializers.get('stft')
    assert type(init) is keras.initializers.STFT and type(keras.initializers.get('STFTInitializer')) is type(init)
    assert keras.initializers.serialize(init) == {
        'module': 'keras.initializers', 'class_name': 'STFT', 'registered_name': None,
        'config': {'side': 'real', 'window': 'hann', 'periodic': False, 'scaling': 'density'}}
    with pytest.raises(ValueError, match="side should be 'real' or 'imag'"):
        keras.initializers.STFT('both')


# Keras 3.15: STFTSpectrogram(mode=m, frame_length=6, frame_step=3, fft_length=8)(X2)[0, :2]
MODES = {
    'log': [[0.5012531, 0.3133433, -0.28115472, -1.398057, -5.905307, -0.6106261, -0.7294419, -1.1528625, -2.1123643,
             -5.5154567]],
    'magnitude': [[1.6507885, 1.3679911, 0.75491154, 0.24707659, 0.00272495, 0.5430108, 0.48217803, 0.31573167,
                   0.12095166, 0.00402409],
                  [0.7882293, 0.7984746, 0.62204075, 0.24513882, 0.0116092, 0.0724722, 0.293982, 0.31545794,
                   0.12547351, 0.00764151]],
    'psd': [[2.7251029e+00, 3.7427995e+00, 1.1397829e+00, 1.2209368e-01, 7.4253280e-06, 2.9486069e-01, 4.6499130e-01,
             1.9937299e-01, 2.9258609e-02, 1.6193288e-05]],
    'real': [[1.6507885, -0.42687762, -0.60725176, 0.2073727, 0.00272495, -0.5430108, 0.31560877, 0.07276727,
              -0.1188827, 0.00402409]],
    'imag': [[0.0, -1.2996827e+00, 4.4848272e-01, 1.3432574e-01, -1.3215410e-07, 0.0, 3.6453635e-01, -3.0723187e-01,
              2.2275716e-02, 5.8866398e-08]],
    'angle': [[0.0, -1.8881433e+00, 2.5054631e+00, 5.7479215e-01, -4.8497885e-05, 3.1415927e+00, 8.5721159e-01,
               -1.3382338e+00, 2.9563649e+00, 1.4628506e-05]],
}


@pytest.mark.parametrize('mode', sorted(MODES))
def test_stft_spectrogram_modes(mode):
    y = L.STFTSpectrogram(mode=mode, frame_length=6, frame_step=3, fft_length=8)(X2).numpy()
    assert y.shape == (2, 5, 10)
    want = np.float32(MODES[mode])
    atol = 1e-4 if mode in ('log', 'angle') else 2e-6       # both amplify the conv's last-bit differences near 0
    np.testing.assert_allclose(y[0, :len(want)], want, rtol=2e-5, atol=atol)


def test_stft_spectrogram_options_shapes_weights_and_config():
    keras.backend.clear_session()
    stft = L.STFTSpectrogram(mode='stft', frame_length=6, frame_step=3, fft_length=8)(X2).numpy()
    assert stft.shape == (2, 5, 20)
    np.testing.assert_allclose(stft[0, 1, :5], [-0.7882293, 0.66065174, -0.056995511, -0.21534622, 0.011609197],
                               rtol=2e-5, atol=2e-6)
    layer = L.STFTSpectrogram(frame_length=5, padding='same', expand_dims=True, window='hamming', periodic=True)
    y = layer(X2).numpy()
    assert y.shape == (2, 10, 5, 2)
    np.testing.assert_allclose(y[1, 0, :3], [[0.09625876, -0.2671225], [0.02014872, -0.4487438],
                                             [-0.36644977, -1.0390232]], rtol=1e-4, atol=1e-5)
    assert [w.name for w in layer.weights] == ['real_kernel', 'imag_kernel']
    assert [tuple(w.shape) for w in layer.weights] == [(5, 1, 5), (5, 1, 5)] and len(layer.trainable_weights) == 2
    real_only = L.STFTSpectrogram(mode='real', frame_length=4)
    real_only(X2)
    assert [w.name for w in real_only.weights] == ['real_kernel']
    first = L.STFTSpectrogram(frame_length=4, data_format='channels_first', scaling=None)
    assert first.compute_output_shape((None, 2, 20)) == (None, 6, 9)
    image = L.STFTSpectrogram(frame_length=4, data_format='channels_first', expand_dims=True, mode='real')
    assert image.compute_output_shape((None, 2, 20)) == (None, 2, 9, 3)
    assert image(np.transpose(X2, (0, 2, 1))).shape == (2, 2, 9, 3)       # computed (TF's CPU kernels refuse NCW)
    config = image.get_config()
    assert {k: v for k, v in config.items() if k not in ('name', 'dtype')} == {
        'trainable': True, 'mode': 'real', 'frame_length': 4, 'frame_step': None, 'fft_length': None,
        'window': 'hann', 'periodic': False, 'scaling': 'density', 'padding': 'valid',
        'data_format': 'channels_first', 'expand_dims': True}
    assert L.STFTSpectrogram.from_config(config).get_config() == config
    out = L.STFTSpectrogram(frame_length=8, mode='psd')(keras.Input((None, 1)))
    assert tuple(out.shape) == (None, None, 5)


@pytest.mark.parametrize('kwargs, message', [
    (dict(frame_length=4, frame_step=5), '`frame_step` should be a positive integer'),
    (dict(frame_length=8, fft_length=4), '`fft_length` should be not less than `frame_length`'),
    (dict(mode='power'), 'Output mode is invalid'),
    (dict(scaling='l2'), 'Scaling is invalid'),
    (dict(padding='causal'), 'Padding is invalid'),
])
def test_stft_spectrogram_refuses_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        L.STFTSpectrogram(**kwargs)


def test_mel_spectrogram_matches_keras():
    keras.backend.clear_session()
    m = L.MelSpectrogram(fft_length=16, sequence_stride=4, num_mel_bins=5, sampling_rate=800, min_freq=10.0)
    y = m(MX).numpy()
    assert y.shape == (2, 5, 8)
    np.testing.assert_allclose(y[0, :2], [[2.9712317, 10.422287, 10.69767, 10.441223, 11.182222, 10.320106, 10.788058,
                                           9.9625435],
                                          [3.1812952, 0.91885054, 0.48336312, 0.64198726, 0.13737062, 0.7118491,
                                           0.11931565, -4.7557287]], rtol=1e-5, atol=1e-5)
    m2 = L.MelSpectrogram(fft_length=16, sequence_length=10, sequence_stride=5, num_mel_bins=4, sampling_rate=1000,
                          power_to_db=False, mag_exp=1.0, window='hamming')
    y = m2(MX[0]).numpy()
    np.testing.assert_allclose(y, [[0.9920842, 3.189395, 2.0122313, 3.1605473, 2.1001458, 3.0959687, 2.6171687],
                                   [1.0782529, 0.981948, 0.96263176, 0.97457445, 0.96928513, 0.96719134, 0.8157752],
                                   [0.5529578, 0.02954873, 0.07878945, 0.02875195, 0.07801776, 0.03604374, 0.33167142],
                                   [0.36653882, 0.01061393, 0.09269907, 0.01794203, 0.09039165, 0.03011128,
                                    0.278954]], rtol=2e-5, atol=5e-7)
    assert m.get_config() == {
        'name': 'mel_spectrogram', 'trainable': True,
        'dtype': {'module': 'keras', 'class_name': 'DTypePolicy', 'config': {'name': 'float32'}, 'registered_name': None},
        'fft_length': 16, 'sequence_stride': 4, 'sequence_length': 16, 'window': 'hann', 'sampling_rate': 800,
        'num_mel_bins': 5, 'min_freq': 10.0, 'max_freq': 400, 'power_to_db': True, 'top_db': 80.0, 'mag_exp': 2.0,
        'min_power': 1e-10, 'ref_power': 1.0}
    assert m.compute_output_shape((None, 30)) == [None, 5, 8] and m.compute_output_shape((30,)) == [5, 8]
    assert tuple(L.MelSpectrogram()(keras.Input((100,))).shape) == (None, 128, 1)
    with pytest.raises(ValueError, match='`fft_length` must be greater than or equal to'):
        L.MelSpectrogram(fft_length=8, sequence_length=16)


def test_keras_ops_stft_and_log10_are_tensorflow_backends_bits():
    pytest.importorskip('scipy')          # TF's float32 FFT bits come through scipy.fft
    # Keras 3.15 (TF backend): keras.ops.stft(MX, 16, 4, 16) runs tf.signal.stft with tf.signal.hann_window
    real, imag = keras.ops.stft(MX, 16, 4, 16, window='hann', center=True)
    np.testing.assert_array_equal(real.numpy()[0, 1, :5], np.float32(
        [5.447370529174805, -3.569335699081421, 1.098224401473999, -0.18904882669448853, -0.14676928520202637]))
    np.testing.assert_array_equal(imag.numpy()[1, 3, :5], np.float32(
        [0.0, 3.62552547454834, -1.363907814025879, -0.11285367608070374, -0.035494640469551086]))
    # log10 is log(x) / log(10) in x's dtype there (8 values: Eigen's log, see eigen_math)
    np.testing.assert_array_equal(keras.ops.log10(np.abs(MX[0, :8]) + np.float32(0.1)).numpy(), np.float32(
        [-1.0, -0.4028313159942627, -0.17741188406944275, -0.05387851595878601, 0.013696129433810711,
         0.04040253162384033, 0.030942674726247787, -0.016279319301247597]))


def test_linear_to_mel_weight_matrix_is_tensorflows_bits():
    import framework as tf
    # TF 2.21: tf.signal.linear_to_mel_weight_matrix(20, 33, 8000, 20.0, 4000.0) (its float32 linspace and log)
    m = tf.signal.linear_to_mel_weight_matrix(20, 33, 8000, 20.0, 4000.0).numpy()
    assert np.count_nonzero(m) == 59
    np.testing.assert_array_equal([m[1, 0], m[1, 1], m[2, 2], m[2, 3], m[3, 3], m[3, 4]], np.float32(
        [0.47618693113327026, 0.5238130688667297, 0.897004246711731, 0.10299573838710785, 0.5133158564567566,
         0.4866841733455658]))
