"""Dataset.group_by_window's key_func as TF 2.21 traces it (/work/notes/progs/tutorials66/gbw.py, gbw2.py).

TF traces a wrapper of its own that calls key_func (and window_size_func) when the stage is made. AutoGraph
leaves that wrapper, and so key_func, as it is: its trace errors come plain, without 'in user code:', and a
tensor `if` in it is refused. tapeflow traced key_func at the first element read, converted.
"""
import pytest

import framework as tf
from framework.errors import OperatorNotAllowedInGraphError


def _batch_of_two(key, window):
    return window.batch(2)


def test_key_func_prints_its_trace_when_made(capsys):
    def key(x):
        print('tracing key', x)
        return x % 2
    ds = tf.data.Dataset.range(6).group_by_window(key, _batch_of_two, 2)
    print('made')
    assert [b.tolist() for b in ds.as_numpy_iterator()] == [[0, 2], [1, 3], [4], [5]]
    assert capsys.readouterr().out == 'tracing key Tensor("args_0:0", shape=(), dtype=int64)\nmade\n'


def test_key_func_errors_are_plain_and_raised_when_made():
    ds = tf.data.Dataset.range(6)
    with pytest.raises(TypeError) as caught:
        ds.group_by_window(lambda x: x + tf.constant(1), _batch_of_two, 2)
    assert str(caught.value) == "Input 'y' of 'AddV2' Op has type int32 that does not match type int64 of argument 'x'."
    with pytest.raises(AttributeError) as caught:
        ds.group_by_window(lambda x: x.numpy(), _batch_of_two, 2)
    assert str(caught.value) == "'SymbolicTensor' object has no attribute 'numpy'"
    with pytest.raises(AttributeError) as caught:
        ds.bucket_by_sequence_length(lambda x: x.numpy(), [3], [2, 2])
    assert str(caught.value) == "'SymbolicTensor' object has no attribute 'numpy'"


def test_tensor_if_in_key_func_is_refused():
    def key(x):
        if x > 2:
            return tf.constant(1, tf.int64)
        return tf.constant(0, tf.int64)
    with pytest.raises(OperatorNotAllowedInGraphError, match='Using a symbolic `tf.Tensor` as a Python `bool`'):
        tf.data.Dataset.range(6).group_by_window(key, _batch_of_two, 2)


def test_window_size_func_errors_are_plain():
    ds = tf.data.Dataset.range(6).group_by_window(lambda x: x % 2, _batch_of_two, window_size_func=lambda k: k.numpy())
    with pytest.raises(AttributeError) as caught:
        list(ds)
    assert str(caught.value) == "'SymbolicTensor' object has no attribute 'numpy'"


def test_key_func_on_an_empty_dataset_traces_on_the_spec(capsys):
    def key(x):
        print('tracing key', x)
        return x % 2
    ds = tf.data.Dataset.range(0).group_by_window(key, _batch_of_two, 2)
    assert ds.element_spec == tf.TensorSpec((None,), tf.int64)
    assert capsys.readouterr().out == 'tracing key Tensor("args_0:0", shape=(), dtype=int64)\n'
