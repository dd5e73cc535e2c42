"""errors22: tf.function misuse as TF 2.21 answers it (printed by /work/notes/progs/errors22/p_fn.py under TF 2.21).

- A tf.Variable made on every trace fails the first call even when the function adds the argument 1.0 to it:
  tapeflow's note of ``v + 1.0`` (grappler's log1p rewrite, ops/graph_rewrites.py) kept the variable alive, so
  the check that TF's second trace would make it again missed it and the call returned 2.0.
- A tf.function that calls itself with Python numbers runs (TF: 6, int32); tapeflow raised an internal
  UnboundLocalError (cannot access local variable 'later') once the inner call had registered its trace."""
import pytest

import framework as tf

_SINGLETON = ('tf.function only supports singleton tf.Variables created on the first call. Make sure the tf.Variable '
              'is only created once or created outside tf.function. See '
              'https://www.tensorflow.org/guide/function#creating_tfvariables for more information.')


@tf.function
def _adds_a_new_variable(x):
    v = tf.Variable(1.0)
    return v + x


@tf.function
def _sum_to(n):
    if n <= 0:
        return 0
    return n + _sum_to(n - 1)


def test_a_variable_made_each_trace_fails_even_when_one_is_added_to_it():
    with pytest.raises(ValueError) as caught:
        _adds_a_new_variable(tf.constant(1.0))
    assert str(caught.value).endswith('    ValueError: %s\n' % _SINGLETON)
    assert 'v = tf.Variable(1.0)' in str(caught.value)


def test_a_function_calling_itself_with_python_numbers_runs():
    total = _sum_to(3)
    assert total.dtype == tf.int32
    assert int(total) == 6
