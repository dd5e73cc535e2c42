"""tf.einsum / keras.ops.einsum of three or more operands fail as TF 2.21: its Python checks each operand's
labels against its rank (ValueError), then runs opt_einsum's binary steps, whose 'N_2' Einsum kernel reports
a size mismatch for the pair it holds (tapeflow checked all operands at once, as one 'N_3' kernel).

Golden texts printed by TF 2.21 (progs/errors35/ein3.py), e.g.
    tf.einsum('ij,jk,kl->il', tf.ones([2, 3]), tf.ones([3, 4]), tf.ones([5, 6]))
    -> InvalidArgumentError: {{function_node __wrapped____MklEinsum_N_2_device_/...}} Expected dimension 5 at axis 1
       of the input shaped [3,4] but got dimension 4 [Op:Einsum] name:
"""
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

N2 = '{{function_node __wrapped____MklEinsum_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('einsum', [tf.einsum, keras.ops.einsum])
@pytest.mark.parametrize('equation, shapes, text', [
    ('ij,jk,kl->il', ([2, 3], [3, 4], [5, 6]),
     'Expected dimension 5 at axis 1 of the input shaped [3,4] but got dimension 4 [Op:Einsum] name: '),
    ('ij,jk,kl->il', ([2, 3], [4, 4], [4, 6]),
     'Expected dimension 4 at axis 1 of the input shaped [2,3] but got dimension 3 [Op:Einsum] name: '),
    ('ij,jk,kl,lm->im', ([2, 3], [3, 4], [4, 6], [7, 2]),
     'Expected dimension 7 at axis 1 of the input shaped [4,6] but got dimension 6 [Op:Einsum] name: '),
])
def test_sizes_fail_in_the_binary_step_that_meets_them(einsum, equation, shapes, text):
    with pytest.raises(InvalidArgumentError) as info:
        einsum(equation, *[tf.ones(s) for s in shapes])
    assert str(info.value) == N2 + text


@pytest.mark.parametrize('equation, shapes, text', [
    ('ij,jk,kl->il', ([2, 3], [3, 4], [4]),
     'Number of named labels in input #2 of equation ij,jk,kl->il must be equal to the number of dimensions in '
     'shape [4]'),
    ('ij,jk,kl->il', ([2], [3, 4], [4]),
     'Number of named labels in input #0 of equation ij,jk,kl->il must be equal to the number of dimensions in '
     'shape [2]'),
    ('ij, jk, kl -> il', ([2, 3], [3, 4], [4]),
     'Number of named labels in input #2 of equation ij, jk, kl -> il must be equal to the number of dimensions in '
     'shape [4]'),
    ('...ij,jk,kl->...il', ([2], [3, 4], [4, 2]),
     'Too many named labels in 0th subscript string of equation ...ij,jk,kl->...il for input shape [2] '),
])
def test_ranks_fail_in_tfs_python_words(equation, shapes, text):
    with pytest.raises(ValueError) as info:
        tf.einsum(equation, *[tf.ones(s) for s in shapes])
    assert str(info.value) == text


def test_fitting_operands_still_contract():
    out = tf.einsum('...ij,jk,kl->...il', tf.ones([5, 2, 3]), tf.ones([3, 4]), tf.ones([4, 2]))
    assert out.shape == (5, 2, 2) and float(out[0, 0, 0]) == 12.0      # TF 2.21
