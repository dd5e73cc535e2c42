"""Muon given a 2-D tf.Variable (not a Keras variable), as Keras 3.15 on TensorFlow 2.21.

Keras's Muon decides Adam or Muon per variable in ``build``, reading ``variable.path`` for every
2-D variable; a tf.Variable (TensorFlow's ResourceVariable) has no ``path``, so the first
``apply_gradients`` raises AttributeError after building the state of the variables before it,
and changes nothing. A 1-D tf.Variable never reaches that check and trains. Expected values:
/work/notes/progs/optimtraj/muon_tfvar.py run with TF 2.21 / Keras 3.15 (message, optimizer paths
and values as printed there, the Keras variable's by the same calls); before, tapeflow used the variable's name and trained it.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_a_two_dimensional_tf_variable_has_no_path_for_muon():
    b = tf.Variable(np.ones((3,), 'float32'), name='b')
    w = tf.Variable(np.ones((2, 3), 'float32'), name='w')
    opt = keras.optimizers.Muon(0.01, name='mu')
    with pytest.raises(AttributeError, match=r"^'ResourceVariable' object has no attribute 'path'$"):
        opt.apply_gradients([(tf.ones((3,)), b), (tf.ones((2, 3)), w)])
    assert [v.path for v in opt.variables] == [
        'mu/iteration', 'mu/learning_rate', 'mu/b_0_momentum', 'mu/b_0_velocity', 'mu/w_0_momentum']
    assert int(opt.iterations) == 0
    assert np.array_equal(w.numpy(), np.ones((2, 3), 'float32'))


def test_a_one_dimensional_tf_variable_trains_and_keras_variables_too():
    b = tf.Variable(np.ones((3,), 'float32'), name='b')
    opt = keras.optimizers.Muon(0.01, name='mu2')
    opt.apply_gradients([(tf.ones((3,)), b)])
    assert [v.path for v in opt.variables] == ['mu2/iteration', 'mu2/learning_rate', 'mu2/b_0_momentum',
                                               'mu2/b_0_velocity']
    assert [float(x).hex() for x in b.numpy()] == ['0x1.fadc0c0000000p-1'] * 3
    kernel = keras.Variable(np.ones((2, 3), 'float32'), name='kernel')
    gradient = tf.constant(np.arange(6, dtype='float32').reshape(2, 3))
    keras.optimizers.Muon(0.01).apply_gradients([(gradient, kernel)])
    assert [float(x).hex() for x in kernel.numpy().ravel()] == [
        '0x1.006cfa0000000p+0', '0x1.fff4400000000p-1', '0x1.ff0e8c0000000p-1',
        '0x1.ff37de0000000p-1', '0x1.ff414e0000000p-1', '0x1.ff4abe0000000p-1']
