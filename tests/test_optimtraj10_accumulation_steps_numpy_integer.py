"""gradient_accumulation_steps is checked as Keras 3 checks it, `steps >= 2`: a NumPy integer trains.

Printed by TF 2.21 / Keras 3 (/work/notes/progs/optimtraj10/p_accf.py):
    v = tf.Variable([1.0, 2.0]); o = keras.optimizers.SGD(0.5, gradient_accumulation_steps=np.int64(2))
    for s in range(4): o.apply_gradients([(tf.constant([1.0, -1.0 * s]), v)]); print(v.numpy().tolist(), o.iterations)
    -> [1.0, 2.0] 0, [0.5, 2.25] 1, [0.5, 2.25] 1, [0.0, 3.5] 2
    SGD(gradient_accumulation_steps='2')  -> TypeError: '>=' not supported between instances of 'str' and 'int'
    SGD(gradient_accumulation_steps=True) -> ValueError: `gradient_accumulation_steps` must be an integer >= 2. ...
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_numpy_integer_steps_accumulate():
    v = tf.Variable([1.0, 2.0])
    opt = keras.optimizers.SGD(0.5, gradient_accumulation_steps=np.int64(2))
    seen = []
    for step in range(4):
        opt.apply_gradients([(tf.constant([1.0, -1.0 * step]), v)])
        seen.append((v.numpy().tolist(), int(opt.iterations.numpy())))
    assert seen == [([1.0, 2.0], 0), ([0.5, 2.25], 1), ([0.5, 2.25], 1), ([0.0, 3.5], 2)]      # TF 2.21
    assert opt.get_config()['gradient_accumulation_steps'] == 2


def test_refusals_keep_keras_types():
    with pytest.raises(TypeError, match="'>=' not supported between instances of 'str' and 'int'"):
        keras.optimizers.SGD(gradient_accumulation_steps='2')
    with pytest.raises(ValueError, match=r'`gradient_accumulation_steps` must be an integer >= 2. '
                                         r'Received: gradient_accumulation_steps=True'):
        keras.optimizers.SGD(gradient_accumulation_steps=True)
    with pytest.raises(ValueError, match='must be an integer >= 2'):
        keras.optimizers.SGD(gradient_accumulation_steps=1)
