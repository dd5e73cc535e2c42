"""keras.random.gamma, beta and binomial draw TensorFlow's stateless samples as Keras 3's TF
backend does (beta: two gammas, the second on the seed pair plus 12), and MixUp, built on
shuffle and beta, mixes Keras's pairs. Golden values: TF 2.21 on the same seeds."""
import numpy as np

from framework import keras


def test_gamma_binomial_and_beta_are_tensorflows_draws():
    generator = keras.random.SeedGenerator(5)
    np.testing.assert_allclose(keras.random.gamma((5,), 0.7, seed=generator).numpy(),
                               [0.04956, 1.11319, 0.03491, 0.40268, 0.12827], atol=6e-6)
    np.testing.assert_allclose(keras.random.gamma((2, 3), 2.0, seed=9, dtype='float64').numpy(),
                               [[0.6902667, 2.4460525, 0.473924], [0.5084819, 1.0470853, 3.5947379]], atol=6e-8)
    np.testing.assert_array_equal(keras.random.binomial((5,), 10, 0.3, seed=generator).numpy(), [4., 0., 1., 4., 1.])
    np.testing.assert_allclose(keras.random.beta((2, 2), [0.5, 2.0], 1.5, seed=3).numpy(),
                               [[0.38375, 0.75687], [0.11705, 0.18113]], atol=6e-6)
    keras.utils.set_random_seed(1)
    np.testing.assert_allclose(keras.random.beta((3,), 1.0, 1.0).numpy(), [0.41052, 0.55689, 0.07313], atol=6e-6)


def test_mix_up_mixes_images_and_labels_as_keras():
    images = (np.arange(48, dtype=np.float32).reshape(4, 2, 2, 3) * 7.0) % 256
    labels = np.eye(3, dtype=np.float32)[[0, 1, 2, 1]]
    keras.utils.set_random_seed(7)
    mix_up = keras.layers.MixUp()
    out = mix_up({'images': images, 'labels': labels})
    assert sorted(out) == ['images', 'labels']
    np.testing.assert_allclose(out['images'].numpy()[:, 0, 0], [[0.0, 7.0, 14.0], [251.9997, 3.0001, 10.0001],
                                                               [95.5276, 102.5276, 109.5276],
                                                               [181.2458, 147.8776, 154.8776]], atol=2e-3)
    np.testing.assert_allclose(out['labels'].numpy(), [[1., 0., 0.], [0., 1., 0.], [0., 0.8628, 0.1372],
                                                       [0., 0.1577, 0.8423]], atol=1e-4)
    np.testing.assert_allclose(mix_up(images).numpy()[:, 0, 0], [[83.6483, 90.6483, 97.6483], [84.0065, 91.0065, 98.0065],
                                                                 [167.3116, 174.3116, 181.3116], [252.0, 3.0, 10.0]],
                               atol=2e-3)
    assert keras.layers.MixUp(alpha=0.8, seed=3).get_config()['alpha'] == 0.8


def test_cut_mix_cuts_the_boxes_keras_cuts():
    images = (np.arange(240, dtype=np.float32).reshape(4, 6, 5, 2) * 3.0) % 256
    labels = np.eye(3, dtype=np.float32)[[0, 1, 2, 1]]
    keras.utils.set_random_seed(7)
    out = keras.layers.CutMix()({'images': images, 'labels': labels})
    # TF 2.21: the labels mixed by each pasted box's area
    np.testing.assert_allclose(out['labels'].numpy(), [[0.89045, 0.0, 0.10955], [0.99988, 0.00012, 0.0],
                                                       [0.0, 0.89185, 0.10815], [0.0, 1.0, 0.0]], atol=2e-5)
    cut = keras.layers.CutMix(factor=(0.3, 0.6), seed=11)
    np.testing.assert_allclose(cut({'images': images, 'labels': labels})['labels'].numpy(),
                               [[0.37513, 0.0, 0.62487], [0.0, 1.0, 0.0], [0.0, 0.94078, 0.05922],
                                [0.28313, 0.71687, 0.0]], atol=2e-5)
    assert cut.get_config()['factor'] == (0.3, 0.6)
    np.testing.assert_array_equal(cut(images[0]).numpy(), images[0])      # a single image is left as it is
