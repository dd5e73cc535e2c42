"""Discretization's adapt steps (update_state / finalize_state / reset_state), output_dtype, and
Hashing.strong_hash, as Keras 3's public attributes on TF 2.21.

Printed by TF 2.21 (progs/layers13/disc4.py), x = np.random.RandomState(3).randn(40).astype('float32'):
    d = Discretization(num_bins=4); d.update_state(x[:20]); d.update_state(x[20:]); d.finalize_state()
    d.bin_boundaries equals the boundaries of d.adapt(x); d.output_dtype -> 'int32'
    Discretization(num_bins=3, output_mode='one_hot').output_dtype -> 'float32'
    Hashing(3).strong_hash, Hashing(3, salt=1).strong_hash -> False, True
"""
import numpy as np

from framework import keras


def test_update_and_finalize_state_are_adapts_steps():
    x = np.random.RandomState(3).randn(40).astype('float32')
    stepped = keras.layers.Discretization(num_bins=4)
    stepped.update_state(x[:20])
    stepped.update_state(x[20:])
    stepped.finalize_state()
    adapted = keras.layers.Discretization(num_bins=4)
    adapted.adapt(x)
    assert stepped.bin_boundaries == adapted.bin_boundaries and len(adapted.bin_boundaries) == 3
    stepped.reset_state()
    assert stepped.summary.shape == (2, 0)


def test_output_dtype_and_strong_hash():
    assert keras.layers.Discretization(num_bins=4).output_dtype == 'int32'
    assert keras.layers.Discretization(num_bins=3, output_mode='one_hot').output_dtype == 'float32'
    assert (keras.layers.Hashing(3).strong_hash, keras.layers.Hashing(3, salt=1).strong_hash) == (False, True)
