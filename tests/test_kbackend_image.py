"""tf.keras.preprocessing.image: ImageDataGenerator, its iterators and the single-image transforms.

Golden values: printed by TF 2.21's tf.keras.preprocessing.image (Keras 3.15's legacy module, the
same scipy 1.17 warping) for the same arrays and numpy seeds (/work/notes/progs/kbackend/gold3.py).
The affine warps need scipy, as Keras's do.
"""
import os

import numpy as np
import pytest

from framework import keras
from framework.keras.preprocessing.image import (ImageDataGenerator, apply_affine_transform, apply_channel_shift,
                                                 random_rotation, smart_resize)

scipy = pytest.importorskip('scipy')


def images():
    return (np.arange(4 * 5 * 5 * 3).reshape(4, 5, 5, 3) % 17).astype('float32')


def exact(value, expected):
    np.testing.assert_array_equal(np.asarray(value), np.asarray(expected, dtype=np.asarray(value).dtype))


def test_single_image_transforms():
    x = images()
    np.random.seed(1)
    exact(random_rotation(x[0], 30, row_axis=0, col_axis=1, channel_axis=2)[2, :, 0],
          [12.675497055053711, 15.773609161376953, 2.0, 5.1622514724731445, 8.324502944946289])
    out = apply_affine_transform(x[0], theta=15, tx=1, ty=-2, shear=5, zx=0.9, zy=1.1, row_axis=0, col_axis=1,
                                 channel_axis=2, fill_mode='reflect', order=3)
    exact(out[4, :, 1], [-0.4895891547203064, 1.6516389846801758, 3.770780563354492, 7.214228630065918,
                         7.4914774894714355])
    exact(apply_channel_shift(x[0], 5.0, 2)[0, 4], [16.0, 16.0, 16.0])      # clipped to the image's max
    np.testing.assert_allclose(smart_resize(x[0, :, :4], (3, 3))[:, :, 0],
                               [[2.527777910232544, 4.166666507720947, 8.166666984558105],
                                [13.083333015441895, 5.75, 5.500000476837158],
                                [11.833333015441895, 7.3333330154418945, 2.8333334922790527]], rtol=1e-6)


def augmenting():
    return ImageDataGenerator(rescale=0.5, rotation_range=20, width_shift_range=0.1, height_shift_range=[1, 2],
                              shear_range=10, zoom_range=0.2, horizontal_flip=True, channel_shift_range=1.0,
                              fill_mode='wrap')


def test_random_transform_draws_in_keras_order():
    np.random.seed(2)
    params = augmenting().get_random_transform((5, 5, 3))
    assert params['tx'] == -2 and params['flip_horizontal'] == 1 and params['flip_vertical'] == 0
    for key, value in {'theta': -2.5602039143198496, 'ty': 0.049662477878709144, 'shear': -1.293552147634463,
                       'zx': 0.9681471208349957, 'zy': 0.9321339284015496,
                       'channel_shift_intensity': -0.4006906526509537}.items():
        assert params[key] == value, key
    assert params['brightness'] is None


def test_flow_batches_with_a_seed():
    iterator = augmenting().flow(images(), np.arange(4), batch_size=3, seed=3)
    assert len(iterator) == 2
    batch_x, batch_y = iterator[1]
    exact(batch_y, [2])
    exact(batch_x[0, 0, :, 2], [3.4731500148773193, 2.4857025146484375, 1.498254656791687, 4.117061138153076,
                                1.5233595371246338])
    exact(next(iterator)[1], [0, 1, 3])


def test_featurewise_statistics():
    generator = ImageDataGenerator(featurewise_center=True, featurewise_std_normalization=True, samplewise_center=True)
    generator.fit(images())
    exact(generator.mean, [[[7.909999847412109, 7.889999866485596, 7.869999885559082]]])
    exact(generator.std, [[[4.901213645935059, 4.880358695983887, 4.855213165283203]]])
    exact(generator.standardize(images()[1].copy())[0, 3], [-0.019722934812307358, -3.294156074523926,
                                                            -3.101133346557617])
    with pytest.warns(UserWarning, match='overrides setting of `featurewise_center`'):
        ImageDataGenerator(zca_whitening=True)
    with pytest.raises(ValueError, match='`validation_split` must be strictly between 0 and 1'):
        ImageDataGenerator(validation_split=1.5)


def test_fit_on_flow_reads_the_numpy_stream_as_keras():
    keras.utils.set_random_seed(4)
    model = keras.Sequential([keras.Input((5, 5, 3)), keras.layers.Flatten(), keras.layers.Dense(1, activation='sigmoid')])
    model.compile('sgd', 'binary_crossentropy')
    flow = ImageDataGenerator(rescale=1 / 17., horizontal_flip=True, rotation_range=10).flow(
        images(), np.array([0, 1, 1, 0]), batch_size=2)
    history = model.fit(flow, epochs=2, verbose=0)
    np.testing.assert_allclose(history.history['loss'], [0.6476231813430786, 0.6837731003761292], rtol=1e-6)
    assert np.random.rand() == 0.1387512026650749      # the same numpy draws were consumed


def test_flow_from_directory_lists_classes_and_splits(tmp_path):
    for name, count in (('cats', 3), ('dogs', 3), ('zebra', 2)):
        os.makedirs(tmp_path / name / 'sub')
        for i in range(count):
            (tmp_path / name / ('%d.png' % i)).write_bytes(b'not read until a batch is asked for')
        (tmp_path / name / 'sub' / 'x.JPG').write_bytes(b'')
    (tmp_path / 'cats' / 'notes.txt').write_text('skipped')
    generator = ImageDataGenerator(validation_split=0.34)
    train = generator.flow_from_directory(str(tmp_path), target_size=(6, 8), batch_size=3, subset='training')
    assert train.class_indices == {'cats': 0, 'dogs': 1, 'zebra': 2}
    assert train.filenames == ['cats/1.png', 'cats/2.png', 'cats/sub/x.JPG', 'dogs/1.png', 'dogs/2.png',
                               'dogs/sub/x.JPG', 'zebra/1.png', 'zebra/sub/x.JPG']
    assert train.classes.tolist() == [0, 0, 0, 1, 1, 1, 2, 2] and len(train) == 3
    valid = generator.flow_from_directory(str(tmp_path), subset='validation', color_mode='grayscale', shuffle=False)
    assert valid.filenames == ['cats/0.png', 'dogs/0.png', 'zebra/0.png'] and valid.image_shape == (256, 256, 1)
    picked = generator.flow_from_directory(str(tmp_path), classes=['dogs', 'cats'], class_mode='sparse')
    assert picked.class_indices == {'dogs': 0, 'cats': 1} and picked.samples == 8
    with pytest.raises(ValueError, match='Invalid color mode: cmyk'):
        generator.flow_from_directory(str(tmp_path), color_mode='cmyk')
    with pytest.raises(ValueError, match='Invalid subset name: test'):
        generator.flow_from_directory(str(tmp_path), subset='test')
