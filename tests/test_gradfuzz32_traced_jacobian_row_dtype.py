"""A jacobian with experimental_use_pfor=False whose source's dtype is not the target's: TF 2.21's loop writes
each row into a TensorArray of the target's dtype. Eagerly that is the TensorArray's InvalidArgumentError; in a
tf.function the graph run raises the TensorList kernel's text at the loop's write node (tapeflow gave the eager
text there too). Texts: TF 2.21, /work/notes/progs/gradfuzz32/p21.py, p22.py (the uid after the function's
name is left out, as tapeflow's graph errors do).
"""
import pytest

import framework as tf


def _jacobian_of_cast(x, dtype, sources=None):
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        y = tf.cast(x * x, dtype)
    return t.jacobian(y, sources if sources is not None else x, experimental_use_pfor=False,
                      unconnected_gradients='zero')


def test_eager_text():
    x = tf.constant([[1.0, 2.0], [3.0, 0.5]], tf.float64)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        _jacobian_of_cast(x, tf.float32)
    assert str(info.value) == 'TensorArray dtype is float32 but Op is trying to write dtype float64 '


def test_traced_text_names_the_loops_write():
    x = tf.constant([[1.0, 2.0], [3.0, 0.5]], tf.float64)

    @tf.function
    def jac():
        return _jacobian_of_cast(x, tf.float32)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        jac()
    text = str(info.value)
    assert text.startswith('Graph execution error:\n\nDetected at node while/TensorArrayV2Write/TensorListSetItem ')
    assert text.endswith('Invalid data types; op elements double but list elements float\n'
                         '\t [[{{node while/TensorArrayV2Write/TensorListSetItem}}]] [Op:__inference_jac]')


def test_second_source_writes_its_own_array():
    x = tf.constant([[1.0, 2.0], [3.0, 0.5]], tf.float32)
    k = tf.constant([1, 2])

    @tf.function
    def jac_int():
        return _jacobian_of_cast(x, tf.float32, [x, k])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        jac_int()
    assert str(info.value).endswith('Invalid data types; op elements int32 but list elements float\n\t [[{{node '
                                    'while/TensorArrayV2Write_1/TensorListSetItem}}]] [Op:__inference_jac_int]')
