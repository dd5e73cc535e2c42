"""The segmentation tutorial's ``fit(train_batches, class_weight={0: 2.0, 1: 2.0, 2: 1.0})`` on
(B, H, W, 1) masks: Keras 3 gathers a weight per label from a table of the classes 0..max(key)
(absent ones weigh 1), so a tf.data.Dataset's masks get one weight per pixel; arrays keep one
class per sample and refuse masks with a TypeError.

Expected values were printed by TensorFlow 2.21 + Keras 3.15.1 running the same programs
(/work/notes/progs/tftutorials2/cw_probe.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from layers.training.iterable_data import _class_weights_as_sample_weights


def _masks():
    rng = np.random.RandomState(0)
    x = rng.randn(4, 3, 3, 2).astype(np.float32)
    y = rng.randint(0, 3, size=(4, 3, 3, 1)).astype(np.uint8)
    return x, y


def test_dataset_masks_get_a_weight_per_pixel():
    _, y = _masks()
    weigh = _class_weights_as_sample_weights({0: 2.0, 2: 0.5})
    _, _, weights = weigh(tf.zeros((4, 1)), tf.constant(y))
    assert weights.shape == (4, 3, 3) and weights.dtype == 'float32'
    np.testing.assert_array_equal(weights.numpy(), np.array([2.0, 1.0, 0.5], np.float32)[y[..., 0]])


def test_one_hot_rows_and_float_labels_pick_their_class():
    weigh = _class_weights_as_sample_weights({0: 3.0, 1: 0.5})
    _, _, one_hot = weigh(tf.zeros((2, 1)), tf.constant([[0.0, 1.0], [1.0, 0.0]]))
    _, _, rounded = weigh(tf.zeros((3, 1)), tf.constant([0.2, 0.9, 1.4]))
    assert one_hot.numpy().tolist() == [0.5, 3.0] and rounded.numpy().tolist() == [3.0, 0.5, 0.5]


def test_fit_on_dataset_masks_trains_as_keras():
    keras.utils.set_random_seed(1)
    x, y = _masks()
    model = keras.Sequential([keras.Input((3, 3, 2)), keras.layers.Dense(3)])
    model.compile(loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=['accuracy'],
                  optimizer='adam')
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(2)
    history = model.fit(ds, epochs=2, class_weight={0: 2.0, 1: 2.0, 2: 1.0}, verbose=0).history
    # TF 2.21: {'accuracy': [0.4166666865348816, 0.4166666865348816],
    #           'loss': [2.158991575241089, 2.1556665897369385]}
    assert history['accuracy'] == pytest.approx([0.4166666865348816] * 2, abs=1e-7)
    assert history['loss'] == pytest.approx([2.158991575241089, 2.1556665897369385], abs=2e-6)


def test_a_label_past_the_table_raises_gathers_error():
    x, y = _masks()
    model = keras.Sequential([keras.Input((3, 3, 2)), keras.layers.Dense(3)])
    model.compile(loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), optimizer='adam')
    # TF 2.21: InvalidArgumentError (indices[...] = 2 is not in [0, 2))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'is not in \[0, 2\)'):
        model.fit(tf.data.Dataset.from_tensor_slices((x, y)).batch(2), class_weight={0: 1.0, 1: 2.0}, verbose=0)


def test_array_masks_refuse_class_weight_with_a_type_error():
    x, y = _masks()
    model = keras.Sequential([keras.Input((3, 3, 2)), keras.layers.Dense(3)])
    model.compile(loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), optimizer='adam')
    # TF 2.21: TypeError: only 0-dimensional arrays can be converted to Python scalars
    with pytest.raises(TypeError, match='^only 0-dimensional arrays can be converted to Python scalars') as info:
        model.fit(x, y, class_weight={0: 2.0}, verbose=0)
    assert str(info.value) == 'only 0-dimensional arrays can be converted to Python scalars'
    # what to do rides along as a note
    assert 'class_weight: y of shape (4, 3, 3, 1) holds 9 labels per sample' in info.value.__notes__[0]
    assert 'tf.data.Dataset' in info.value.__notes__[0]
