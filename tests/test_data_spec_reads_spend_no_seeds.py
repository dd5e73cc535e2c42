"""Reading a mapped dataset's element_spec spends none of a reshuffling stage's seeds.

TensorFlow knows a map's spec by tracing; tapeflow reads the first element, and that read used to
draw the shuffle's next seeds, so ``fit(ds.shuffle(n).map(f))`` (the keras.io FeatureSpace
example) trained every epoch on TensorFlow's next epoch's batches. Golden values from TF 2.21 /
Keras 3.15.1: the same programs run under /opt/tfref/bin/python with `import tensorflow as tf`.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_element_spec_of_a_map_leaves_the_shuffle_order_as_tensorflows():
    keras.utils.set_random_seed(1234)
    ds = tf.data.Dataset.range(10).shuffle(10).batch(5)
    mapped = ds.map(lambda x: x * 2)
    assert tuple(mapped.element_spec.shape) == (None,)
    assert [x.numpy().tolist() for x in ds] == [[0, 3, 4, 5, 8], [9, 1, 6, 7, 2]]
    expanded = mapped.map(lambda x: tf.expand_dims(x, -1))
    next(iter(expanded))                                   # an iteration: spends the next seeds
    assert tuple(expanded.element_spec.shape) == (None, 1)
    assert [x.numpy().tolist() for x in ds] == [[1, 7, 3, 4, 5], [8, 0, 6, 2, 9]]


def test_fit_on_shuffled_then_mapped_datasets_sees_tensorflows_batches():
    keras.utils.set_random_seed(3)
    x = np.arange(16, dtype='float32')[:, None] / 16
    y = (np.arange(16) % 3 == 0).astype('float32')
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(16).batch(4)
    vds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(16).batch(4)
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss='mse')
    history = model.fit(ds.map(lambda a, b: (a * 2, b)), epochs=3, verbose=0,
                        validation_data=vds.map(lambda a, b: (a, b)))
    assert history.history['loss'] == pytest.approx([0.9795688, 1.2548419, 2.3092926], rel=1e-6)
    assert history.history['val_loss'] == pytest.approx([1.0063757, 2.3338699, 0.5368155], rel=1e-6)
    assert [b.numpy().ravel().tolist() for b, _ in ds][:2] == [[0.625, 0.25, 0.375, 0.875],
                                                               [0.75, 0.3125, 0.9375, 0.8125]]
