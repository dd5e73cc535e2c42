"""keras.layers.RandomGaussianBlur (and the keras.ops.image.gaussian_blur under it) as Keras 3.15
computes it. Golden values: TF 2.21's outputs for the same calls (keras.utils.set_random_seed(n)
or seed=4), printed rounded to 3 (5) decimals by /work/notes/progs/aug2/g_blur.py."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
IMAGES = (np.arange(40, dtype=np.float32).reshape(2, 5, 4, 1) ** 2 * 7.0) % 256

# the first image's threshold falls above its probability: kept
DEFAULT_5 = [[[0.0, 7.0, 28.0, 63.0], [112.0, 175.0, 252.0, 87.0], [192.0, 55.0, 188.0, 79.0], [240.0, 159.0, 92.0, 39.0], [0.0, 231.0, 220.0, 223.0]], [[163.737, 35.136, 61.669, 102.906], [158.203, 73.032, 120.699, 172.552], [107.324, 198.367, 152.699, 98.061], [43.964, 175.657, 152.699, 113.885], [75.175, 105.457, 111.929, 113.065]]]
KERNEL_5x3_6 = [[[9.545, 45.309, 32.783, 63.204], [66.742, 148.231, 157.086, 70.868], [91.713, 63.463, 151.586, 96.969], [152.258, 147.32, 80.323, 29.528], [28.684, 153.239, 145.732, 114.492]], [[108.136, 53.887, 87.809, 83.742], [90.857, 44.541, 110.206, 142.535], [80.661, 168.346, 135.662, 71.534], [23.97, 123.589, 142.0, 74.541], [101.869, 95.871, 91.049, 78.728]]]
CHANNELS_FIRST_UNIT_RANGE_3x5_6 = [[[0.00138, 0.02063, 0.14485, 0.27651], [0.31608, 0.50664, 0.79105, 0.26607], [0.66914, 0.20214, 0.65146, 0.31117], [0.75775, 0.47575, 0.24718, 0.24889], [0.05717, 0.64126, 0.5871, 0.59456]], [[0.63928, 0.04092, 0.28098, 0.33118], [0.55058, 0.13832, 0.40048, 0.79537], [0.37688, 0.83031, 0.4166, 0.31371], [0.09782, 0.57591, 0.48822, 0.4084], [0.39519, 0.37451, 0.33177, 0.40333]]]
SEED_4_ONE_IMAGE = [[210.239, 28.595, 60.799, 109.762], [172.85, 41.3, 124.039, 214.986], [112.673, 236.778, 156.039, 76.016], [14.642, 186.006, 156.039, 121.247], [101.771, 110.93, 122.731, 138.258]]


def test_seeded_blurs_match_keras():
    keras.utils.set_random_seed(5)
    np.testing.assert_allclose(L.RandomGaussianBlur()(IMAGES).numpy()[..., 0], DEFAULT_5, atol=1e-3)
    keras.utils.set_random_seed(6)
    out = L.RandomGaussianBlur(1.0, kernel_size=(5, 3), sigma=(0.5, 0.9))(IMAGES)
    np.testing.assert_allclose(out.numpy()[..., 0], KERNEL_5x3_6, atol=1e-3)
    keras.utils.set_random_seed(6)
    layer = L.RandomGaussianBlur(1.0, kernel_size=(3, 5), value_range=(0, 1), data_format='channels_first')
    np.testing.assert_allclose(layer(IMAGES.transpose(0, 3, 1, 2) / 255.0).numpy()[:, 0],
                               CHANNELS_FIRST_UNIT_RANGE_3x5_6, atol=1e-5)
    np.testing.assert_allclose(L.RandomGaussianBlur(seed=4)(IMAGES[1]).numpy()[..., 0], SEED_4_ONE_IMAGE, atol=1e-3)


def test_gaussian_blur_sums_taps_in_tensorflows_order():
    # TF 2.21's keras.ops.image.gaussian_blur of this ramp, as float32 bits (einsum's order
    # differed from it in the last bit)
    ramp = (np.arange(25, dtype=np.float32).reshape(1, 5, 5, 1) * 10.3) % 97
    out = keras.ops.image.gaussian_blur(ramp, (5, 3), (0.7, 1.3)).numpy()
    assert out[0, 2, :, 0].view(np.uint32).tolist() == [1092610032, 1102531728, 1107614076, 1108752237, 1107488346]


def test_inference_casts_and_dicts_keep_labels():
    kept = L.RandomGaussianBlur()(IMAGES.astype(np.uint8), training=False)
    assert kept.dtype == np.float32
    np.testing.assert_array_equal(kept.numpy(), IMAGES.astype(np.uint8))
    out = L.RandomGaussianBlur(seed=4)({'images': IMAGES[1], 'labels': np.ones((1,), np.float32)})
    np.testing.assert_allclose(out['images'].numpy()[..., 0], SEED_4_ONE_IMAGE, atol=1e-3)


def test_config_and_errors_as_keras():
    keras.backend.clear_session()
    config = L.RandomGaussianBlur(0.5, kernel_size=[5, 3], sigma=[0.9, 0.1], seed=2).get_config()
    assert list(config)[3:] == ['data_format', 'factor', 'kernel_size', 'sigma', 'value_range', 'seed']
    assert (config['name'], config['factor'], config['kernel_size'], config['sigma'], config['seed']) == (
        'random_gaussian_blur', (0, 0.5), (5, 3), (0.1, 0.9), 2)
    assert L.RandomGaussianBlur.from_config(config).get_config()['kernel_size'] == (5, 3)
    with pytest.raises(ValueError, match=r'kernel_size must be an odd number. Received: kernel_size=\(3, 4\)'):
        L.RandomGaussianBlur(kernel_size=(3, 4))
    with pytest.raises(ValueError, match=r'The `sigma` argument .* Received: factor=1.5'):
        L.RandomGaussianBlur(sigma=1.5)


def test_runs_inside_a_fitted_model_and_is_identity_in_predict():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((5, 4, 1)), L.RandomGaussianBlur(value_range=(0, 1)), L.Flatten(),
                              L.Dense(1)])
    model.compile('sgd', 'mse')
    history = model.fit(IMAGES / 255.0, np.ones((2, 1), np.float32), epochs=2, verbose=0)
    assert np.all(np.isfinite(history.history['loss']))
    flat = (IMAGES / 255.0).reshape(2, -1)
    np.testing.assert_allclose(model.predict(IMAGES / 255.0, verbose=0),
                               flat @ model.layers[-1].kernel.numpy() + model.layers[-1].bias.numpy(), rtol=1e-5)
