"""tf.einsum's product is the batched matmul TF's _MklEinsum runs: oneDNN's in-order chains (batched_product.py).

TF 2.21 gives the same bits for tf.einsum('bijc,bijd->bcd', x, x) (the style-transfer tutorial's gram
matrix) as for tf.matmul(x2, x2, transpose_a=True); tapeflow's matmul had them in exact mode, its einsum
kept BLAS's order, so a gram over 32x26 positions differed in the last bits (max 716.52924 vs 716.5292).
Goldens: TF 2.21 on the project's AVX-512 Xeon, probe /work/notes/progs/tutorials37/es3.py.
"""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu', 'exact_math')

# (equation, operand shapes, seed): result bytes, first four values of each gradient's bytes
CASES = {
    ('bijc,bijd->bcd', ((1, 32, 26, 3), (1, 32, 26, 3)), 0): (
        '8bca914156c526c2a438b640a8852dc2b0313ec1c2cda2c0fd42b4c1fb1291426087d3c1',
        ('3a8383c2fe5ba9c27be2cd429225d442', 'bb7868c101ec69c1c3f40ec2c84111c2')),
    ('aecd,abcd->acbe', ((1, 2, 1, 300), (1, 3, 1, 300)), 1): (
        '5cde75c1803fabc1580c5a4171d608c114e2764178f69ec0',
        ('19508540d9ac23410b754e42543d0642', 'be5c0ac3be91a34282184f42d6598d42')),
    ('ij,jk->ik', ((2, 700), (700, 2)), 2): (
        '71f210c2460660426af27fc19c112dc1',
        ('cd51c6c20ff1a7c3b95377434817a143', '0ef8a1c17397a1c2e65444420209c141')),
    ('bhqd,bhkd->bhqk', ((1, 2, 2, 70), (1, 2, 3, 70)), 3): (
        '58ff5f419cbc0b412551893f30133cc1a77ce0c06a1363bf788e8940568f2441ddb340419fee424093ff07411c838140',
        ('d53adbc086de93401ec77a4120bcf2c0', '5e5a94425dbb0ec13bb2ca405f8fbbc2')),
}


def _operands(shapes, seed):
    rng = np.random.RandomState(seed)
    return [tf.constant(rng.randn(*shape).astype(np.float32)) for shape in shapes]


@pytest.mark.parametrize('case', list(CASES), ids=[c[0] for c in CASES])
def test_einsum_and_its_gradients_carry_tf_bits(case):
    equation, shapes, seed = case
    expected, expected_grads = CASES[case]
    xs = _operands(shapes, seed)
    with tf.GradientTape() as tape:
        tape.watch(xs)
        y = tf.einsum(equation, *xs)
        loss = tf.reduce_sum(y * y)
    grads = tape.gradient(loss, xs)
    assert y.numpy().tobytes().hex() == expected
    assert tuple(g.numpy().ravel()[:4].tobytes().hex() for g in grads) == expected_grads


def test_gram_einsum_equals_the_transposed_matmul():
    x = _operands([(1, 32, 26, 64)], 5)[0]
    gram = tf.linalg.einsum('bijc,bijd->bcd', x, x)
    flat = tf.reshape(x, (1, -1, 64))
    assert gram.numpy().tobytes() == tf.matmul(flat, flat, transpose_a=True).numpy().tobytes()
