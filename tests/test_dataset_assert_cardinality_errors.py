"""tf.data.experimental.assert_cardinality fails as TF 2.21's iterator kernel does: FailedPreconditionError,
named by the element's component count (values printed by /work/notes/progs/tfdata2/p37 under TF 2.21)."""
import pytest

import framework as tf

D = tf.data.Dataset
NODE = '{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _checked(dataset, n):
    return dataset.filter(lambda *a: True).apply(tf.data.experimental.assert_cardinality(n))


@pytest.mark.parametrize('numpy', [False, True])
def test_more_elements_than_stated(numpy):
    ds = _checked(D.range(5), 3)
    with pytest.raises(tf.errors.FailedPreconditionError) as info:
        list(ds.as_numpy_iterator() if numpy else ds)
    assert str(info.value) == NODE % 1 + ('Input dataset was expected to contain 3 elements but contained at least '
                                          '4 elements. [Op:IteratorGetNext] name: ')


def test_pairs_name_two_components():
    ds = _checked(D.range(3, output_type=tf.int32).map(lambda x: (x, x)), 2)
    with pytest.raises(tf.errors.FailedPreconditionError) as info:
        list(ds)
    assert str(info.value).startswith(NODE % 2 + 'Input dataset was expected to contain 2 elements but contained '
                                                 'at least 3 elements.')


def test_fewer_elements_and_infinite():
    with pytest.raises(tf.errors.FailedPreconditionError) as info:
        list(_checked(D.range(3), 5))
    assert str(info.value) == NODE % 1 + ('Input dataset was expected to contain 5 elements but contained only 3 '
                                          'elements. [Op:IteratorGetNext] name: ')
    with pytest.raises(tf.errors.FailedPreconditionError) as info:
        list(_checked(D.range(3), tf.data.INFINITE_CARDINALITY))
    assert str(info.value) == NODE % 1 + ('Input dataset was expected to contain an infinite number of elements but '
                                          'contained only 3 elements. [Op:IteratorGetNext] name: ')


def test_right_count_passes_and_states_cardinality():
    ds = _checked(D.range(5), 5)
    assert int(ds.cardinality()) == 5
    assert list(ds.as_numpy_iterator()) == [0, 1, 2, 3, 4]
