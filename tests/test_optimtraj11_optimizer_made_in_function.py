"""An optimizer made inside a tf.function: TF 2.21's singleton-variable error, unless it is kept.

Values printed by TF 2.21 (/work/notes/progs/optimtraj11/p_lazy.py under tensorflow-cpu 2.21):
    w = tf.Variable([1.0, -1.0, 2.0]); holder = []
    @tf.function
    def step(g):
        if not holder: holder.append(keras.optimizers.Adam(0.1))
        holder[0].apply_gradients([(g, w)])
    for s in range(3): step(tf.constant([0.5, -1.0, 2.0 - s]))
and, for ``def inside(g): keras.optimizers.SGD(0.1).apply_gradients([(g, v)])``, a ValueError at
every call whose message ends in TensorFlow's singleton sentence.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

SINGLETON = ('tf.function only supports singleton tf.Variables created on the first call. Make sure the '
             'tf.Variable is only created once or created outside tf.function.')


@pytest.mark.parametrize('make', [lambda: keras.optimizers.SGD(0.1), lambda: keras.optimizers.Adam(0.1)])
def test_optimizer_made_and_dropped_inside_the_function_raises_at_every_call(make):
    v = tf.Variable([1.0, -1.0, 2.0])

    @tf.function
    def inside(g):
        make().apply_gradients([(g, v)])

    for _ in range(2):      # TF 2.21 refuses the first call and every later one
        with pytest.raises(ValueError, match='singleton tf.Variables') as caught:
            inside(tf.constant([1.0, 2.0, 3.0]))
        assert SINGLETON in str(caught.value)


def test_optimizer_kept_across_calls_trains_as_tf():
    w = tf.Variable([1.0, -1.0, 2.0])
    holder = []

    @tf.function
    def step(g):
        if not holder:
            holder.append(keras.optimizers.Adam(0.1))
        holder[0].apply_gradients([(g, w)])

    printed_by_tf = [[0.9000012874603271, -0.9000009894371033, 1.900000810623169],
                     [0.8000027537345886, -0.8000022172927856, 1.80678391456604],
                     [0.7000035047531128, -0.7000027894973755, 1.7347265481948853]]
    for s in range(3):
        step(tf.constant([0.5, -1.0, 2.0 - s]))
        assert w.numpy().tolist() == printed_by_tf[s]
    assert int(holder[0].iterations.numpy()) == 3
