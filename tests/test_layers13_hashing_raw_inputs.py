"""Hashing reads its inputs as given (Keras 3's _convert_input_args=False) and hashes bools as
tf.strings.as_string writes them.

Printed by TF 2.21 (progs/layers13/hash2.py):
    keras.layers.Hashing(5, mask_value=1.5)(np.array([1.5, 2.]))                              -> [0, 4]
    keras.layers.Hashing(5, mask_value=1.1, output_mode='multi_hot')(np.array([1.1, 2.]))     -> [1., 0., 0., 0., 1.]
    keras.layers.Hashing(97)(np.array([True, False]))                                          -> [66, 15]
    keras.layers.Hashing(97, salt=5)(np.array([True, False]))                                  -> [68, 82]
    keras.layers.Hashing(5)(np.array([1.5, 2.])), Hashing(5)(np.array([1, 2]))                  -> [4, 4], [4, 4] (1.5 is 1)
"""
import numpy as np

from framework import keras


def test_float_mask_is_compared_before_truncation():
    assert keras.layers.Hashing(5, mask_value=1.5)(np.array([1.5, 2.])).numpy().tolist() == [0, 4]
    hashed = [keras.layers.Hashing(5)(np.array(v)).numpy().tolist() for v in ([1.5, 2.], [1, 2])]
    assert hashed == [[4, 4], [4, 4]]
    hot = keras.layers.Hashing(5, mask_value=1.1, output_mode='multi_hot')(np.array([1.1, 2.]))
    assert hot.numpy().tolist() == [1., 0., 0., 0., 1.]


def test_bools_hash_as_true_and_false():
    assert keras.layers.Hashing(97)(np.array([True, False])).numpy().tolist() == [66, 15]
    assert keras.layers.Hashing(97, salt=5)(np.array([True, False])).numpy().tolist() == [68, 82]
