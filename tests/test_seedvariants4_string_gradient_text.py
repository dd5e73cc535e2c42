"""optimizer.apply(grads) given strings as gradients words its UnimplementedError as TF 2.21 does, the
hint a note outside the message (notes/progs/seedvariants4/dict21.py, applydict24_tf.py)."""
import pytest

import framework as tf
from framework import keras


def test_apply_of_a_gradient_dict_gives_tf_cast_text_alone():
    """optimizer.apply(grads) with the dict tape.gradient returned for {path: variable} sources (a learner's
    variant): Keras 3 zips the dict's keys, strings, as gradients. TF 2.21 (progs dict21.py):
    UnimplementedError '{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}}
    Cast string to float is not supported [Op:Cast] name: ' (tapeflow's hint was inside the message)."""
    keras.utils.set_random_seed(6)
    model = keras.Sequential([keras.layers.Input(shape=(3,)), keras.layers.Dense(1)])
    sources = {v.path: v for v in model.trainable_variables}
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.ones([2, 3])))
    grads = tape.gradient(loss, sources)
    optimizer = keras.optimizers.Adam(0.1)
    optimizer.build(model.trainable_variables)
    with pytest.raises(tf.errors.UnimplementedError) as info:
        optimizer.apply(grads)
    assert str(info.value) == ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Cast string to float is not supported [Op:Cast] name: ')
