"""tf.switch_case checks its index, then its branches, as TF 2.21's _indexed_case_verify_and_canonicalize_args does:
its order, types and words (printed by TF 2.21, progs/errors36/sw.py); tapeflow's sentences ride as notes. Before,
tapeflow raised TypeError 'switch_case: branch_fns must be a non-empty list ...' for [] (TF ValueError), its own
'branch keys must be the integers 0..1' text, took lists as pairs, and refused a default that is never called."""
import pytest

import framework as tf


def _first_line(error):
    return str(error).split('\n')[0]


@pytest.mark.parametrize('branch_fns, kind, text', [
    ([], ValueError, "Must provide at least one item in 'branch_fns'"),
    ({}, ValueError, "Must provide at least one item in 'branch_fns'"),
    (3, TypeError, "'branch_fns' must be a list, tuple, or dict"),
    ([1, 2], TypeError, "Each entry in 'branch_fns' must be a 2-tuple. Received 1."),
    ([(0, 1)], TypeError, 'fn for key 0 must be callable.'),
    ({'a': lambda: 1}, TypeError, "key must be a Python `int`, got <class 'str'>"),
    ([(0, lambda: 1), (0, lambda: 2)], ValueError,
     'branch indices (keys) must form contiguous range of [0 to 2) but found {0,0}'),
    ({0: lambda: 1, 2: lambda: 2}, ValueError,
     'branch indices (keys) must form contiguous range of [0 to 2) but found {0,2}'),
    ({-1: lambda: 1}, ValueError, 'branch indices (keys) must form contiguous range of [0 to 1) but found {-1}'),
])
def test_branch_refusals(branch_fns, kind, text):
    with pytest.raises(kind) as caught:
        tf.switch_case(tf.constant(0), branch_fns)
    assert _first_line(caught.value) == text


def test_a_list_is_no_pair():
    with pytest.raises(TypeError, match=r"^Each entry in 'branch_fns' must be a 2-tuple\. Received \[0, <function"):
        tf.switch_case(tf.constant(0), [[0, lambda: 1]])


def test_the_index_is_checked_first():
    with pytest.raises(TypeError, match=r"^'branch_index' must be an integer Tensor, got <dtype: 'float32'>"):
        tf.switch_case(tf.constant(1.), 3)
    with pytest.raises(TypeError, match=r"^'branch_index' must be a Tensor, got <class 'int'>"):
        tf.switch_case(1, [])


def test_default_is_only_called_when_needed():
    assert tf.switch_case(tf.constant(0), [lambda: 1], default=3) == 1
    with pytest.raises(TypeError, match="'int' object is not callable"):
        tf.switch_case(tf.constant(5), [lambda: 1], default=3)
    assert tf.switch_case(tf.constant(1), {1: lambda: 'b', 0: lambda: 'a'}) == 'b'
