"""A variable's slices print TF's class name (progs/me19/var.py: 40 tf.Variable API cases under TF 2.21 and
tapeflow; list(v) printed [EagerTensor, EagerTensor] in TF)."""
import framework as tf


def test_slices_of_a_variable_are_eager_tensors_by_name_and_still_assignable():
    v = tf.Variable([1.0, 2.0])
    assert [type(e).__name__ for e in v] == ['EagerTensor', 'EagerTensor']
    assert type(v[0]).__name__ == 'EagerTensor'
    v[0].assign(5.0)
    assert v.numpy().tolist() == [5.0, 2.0]
