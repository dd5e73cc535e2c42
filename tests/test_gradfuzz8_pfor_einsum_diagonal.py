"""A vectorized jacobian (experimental_use_pfor=True) through an einsum with a repeated label in an operand ('ii->',
'ij,jj->i') fails in TF 2.21: _EinsumGrad builds every operand's gradient with pfor's batch label, and graph mode
refuses the repeated output label ('ai,ij->ajj'); the loop (experimental_use_pfor=False) computes it. Fuzz 45 #158,
46 #264; texts printed by TF 2.21 (progs/gradfuzz8/t_pfor_es.py, t_pfor_es2.py)."""
import pytest

import framework as tf

TEXT = ('Encountered an exception while vectorizing the jacobian computation. Vectorization can be disabled by '
        'setting experimental_use_pfor to False.')


@pytest.mark.parametrize('equation', ['ii->', 'ii->i', 'ii'])
def test_vectorized_jacobian_of_a_diagonal_einsum_fails(equation):
    x = tf.constant([[-0.06, 0.2], [-1.3, 1.97]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.einsum(equation, tf.sin(x))
    with pytest.raises(ValueError) as err:
        tape.jacobian(y, x)
    assert str(err.value) == TEXT
    assert 'Output subscripts contain a label appearing more than once' in str(err.value.__cause__)
    assert tape.jacobian(y, x, experimental_use_pfor=False).numpy().ravel()[0] == pytest.approx(0.9982005)


def test_another_operand_with_a_diagonal_fails_too():
    x = tf.constant([[-0.06, 0.2], [-1.3, 1.97]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.einsum('ij,jj->i', tf.sin(x), x)
    with pytest.raises(ValueError, match='Encountered an exception while vectorizing'):
        tape.jacobian(y, x)


def test_einsums_without_a_repeated_label_vectorize():
    x = tf.constant([[-0.06, 0.2], [-1.3, 1.97]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.einsum('ij->', tf.sin(x))
    assert tape.jacobian(y, x).numpy().tolist() == [[0.998200535774231, 0.9800665974617004],
                                                    [0.2674988806247711, -0.38868477940559387]]
