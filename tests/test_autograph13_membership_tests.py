"""autograph13: ``x in [1, 2]`` of a tensor inside a tf.function, as TF 2.21 refuses it (printed by TF 2.21,
/work/notes/progs/autograph13/p20.py): list.__contains__ compares x with each item and asks the result's truth in
C, which AutoGraph does not convert, so the graph tensor's truth is refused ('in user code: ... return x in [1, 2]
... OperatorNotAllowedInGraphError: Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. ...'), in an
``if`` test too. tapeflow returned True. The same tensor object is found by identity first, with no truth asked."""
import pytest

import framework as tf
from framework.errors import OperatorNotAllowedInGraphError


@tf.function
def _returned(x):
    return x in [1, 2]


@tf.function
def _tested(x):
    if x in [1, 2]:
        return x
    return -x


@tf.function
def _itself(x):
    return x in (x, 2)


@pytest.mark.parametrize('function, line', [(_returned, 'return x in [1, 2]'), (_tested, 'if x in [1, 2]:')])
def test_membership_in_a_list_asks_the_graph_tensors_truth(function, line):
    with pytest.raises(OperatorNotAllowedInGraphError) as info:
        function(tf.constant(1))
    text = str(info.value).split('\n')
    assert text[0] == 'in user code:' and text[3].strip() == line
    assert text[5].startswith('    OperatorNotAllowedInGraphError: Using a symbolic `tf.Tensor` as a Python `bool` is '
                              'not allowed.')


def test_the_tensor_itself_is_found_without_a_truth_test():
    assert bool(_itself(tf.constant(1)))        # TF 2.21: tf.Tensor(True, shape=(), dtype=bool)
    assert (tf.constant(1) in [1, 2]) is True   # (eagerly the comparison's truth is read)
