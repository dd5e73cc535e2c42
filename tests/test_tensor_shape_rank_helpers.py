"""TensorShape's rank helpers as TF 2.21's (each expected value or message printed by TF 2.21:
progs/me37/shapes5.py under tensorflow-cpu 2.21)."""
import pytest

import framework as tf

S, U, N = tf.TensorShape([2, 3]), tf.TensorShape([None, 3]), tf.TensorShape(None)


def test_with_rank_at_least_and_at_most():
    assert S.with_rank_at_least(1) is S and N.with_rank_at_least(3) is N and U.with_rank_at_least(2) is U
    assert S.with_rank_at_most(3) is S and N.with_rank_at_most(1) is N
    with pytest.raises(ValueError, match=r'^Shape \(2, 3\) must have rank at least 3$'):
        S.with_rank_at_least(3)
    with pytest.raises(ValueError, match=r'^Shape \(2, 3\) must have rank at most 1$'):
        S.with_rank_at_most(1)


def test_assert_same_rank_and_fully_defined():
    assert S.assert_same_rank(U) is None and S.assert_same_rank(N) is None
    with pytest.raises(ValueError, match=r'^Shapes \(2, 3\) and \(1,\) must have the same rank$'):
        S.assert_same_rank([1])
    S.assert_is_fully_defined()
    with pytest.raises(ValueError, match=r'^Shape \(None, 3\) is not fully defined$'):
        U.assert_is_fully_defined()
    with pytest.raises(ValueError, match=r'^Shape <unknown> is not fully defined$'):
        N.assert_is_fully_defined()


def test_most_specific_common_supertype():
    # TF 2.21: TensorShape([None, 3]) TensorShape([2, None]) TensorShape(None) TensorShape(None)
    assert [repr(S.most_specific_common_supertype([other])) for other in (U, tf.TensorShape([2, 4]), [2], N)] == [
        'TensorShape([None, 3])', 'TensorShape([2, None])', 'TensorShape(None)', 'TensorShape(None)']


def test_slices_of_an_unknown_shape_know_their_length_where_the_ends_give_it():
    # TF 2.21: TensorShape([None, None]) TensorShape([None, None]) TensorShape(None)
    assert (repr(N[1:3]), repr(N[:2]), repr(N[2:])) == ('TensorShape([None, None])', 'TensorShape([None, None])',
                                                         'TensorShape(None)')
    assert N[0] is None
