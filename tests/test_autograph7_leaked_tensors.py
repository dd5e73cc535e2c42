"""A tensor a tf.function's trace stores in a global is TF 2.21's leaked graph tensor (the tf.function
guide's "All outputs of a tf.function must be return values"). Texts printed by TF 2.21 running
notes/progs/autograph7/g4.py.
"""
import pytest

import framework as tf

x = None


def test_a_leaked_tensor_has_no_value_and_no_op_takes_it():
    global x

    @tf.function
    def leaky_function(a):
        global x
        x = a + 1
        return a + 2

    @tf.function
    def captures_leaked_tensor(b):
        b += x
        return b

    try:
        # TF 2.21: correct_a.numpy() -> 3; x.numpy() -> AttributeError 'SymbolicTensor' object has no attribute 'numpy'
        assert leaky_function(tf.constant(1)).numpy() == 3
        with pytest.raises(AttributeError) as caught:
            x.numpy()
        assert str(caught.value) == "'SymbolicTensor' object has no attribute 'numpy'"
        # TF 2.21: print(x) -> Tensor("add:0", shape=(), dtype=int32); repr <tf.Tensor 'add:0' shape=() dtype=int32>
        assert (str(x), repr(x)) == ('Tensor("add:0", shape=(), dtype=int32)', "<tf.Tensor 'add:0' shape=() dtype=int32>")
        # TF 2.21: captures_leaked_tensor(tf.constant(2)) -> TypeError (not in autograph's 'in user code' words):
        with pytest.raises(TypeError) as caught:
            captures_leaked_tensor(tf.constant(2))
        assert str(caught.value).startswith(
            "<tf.Tensor 'add:0' shape=() dtype=int32> is out of scope and cannot be used here. Use return values, "
            "explicit Python locals or TensorFlow collections to access it.\nPlease see https://www.tensorflow.org/"
            "guide/function#all_outputs_of_a_tffunction_must_be_return_values for more information.")
        # the later calls replay the trace: the leaked global stays the graph tensor
        assert leaky_function(tf.constant(5)).numpy() == 7
        assert type(x).__name__ == 'SymbolicTensor'
    finally:
        x = None


def test_globals_holding_other_values_stay():
    global x

    @tf.function
    def f(a):
        global x
        x = 5
        return a * 2

    try:
        assert int(f(tf.constant(2))) == 4 and x == 5
    finally:
        x = None
