"""tf.einsum of three or more operands as TF 2.21 runs it: one binary Einsum per step of opt_einsum's greedy
path (framework/ops/einsum_path.py), values and gradients rounding as those pairwise products; tapeflow
contracted all operands at once (7 of 7 fuzz programs with 'ij,jk,kl->il' differed). Values printed by TF 2.21
(progs/gradfuzz8/pin_es.py); the plans by opt_einsum 3.4 (progs/gradfuzz8/t_path_check.py: 3000 random
equations equal)."""
import pytest

import framework as tf
from framework.ops.einsum_path import contraction_steps

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _hexes(t):
    return [float(a).hex() for a in t.numpy().ravel()]


def test_three_and_four_operand_values_and_gradients():
    a = tf.constant([[1.67, -0.1, -0.23], [0.43, -1.39, -1.64]])
    b = tf.constant([[-0.15, -0.93], [-0.89, -0.03], [0.77, -1.76]])
    c = tf.constant([[-0.31, 1.35], [-0.74, -1.57]])
    d = tf.constant([[0.52, -1.1, 0.8], [1.9, 0.05, -0.66]])
    with tf.GradientTape() as tape:
        tape.watch([a, b, c, d])
        y3 = tf.einsum('ij,jk,kl->il', a, b, c)
        y4 = tf.einsum('ab,bc,cd,de', a, b, c, d)
        s = tf.reduce_sum(y3 * tf.constant([[0.3, -1.2], [0.7, 0.45]])) + tf.reduce_sum(tf.sin(y4))
    assert _hexes(y3) == ['0x1.e7ac800000000p-1', '0x1.574c7e0000000p+0', '-0x1.d7c8b00000000p+0',
                          '-0x1.05d3aa0000000p+2']
    assert _hexes(y4) == ['0x1.85880c0000000p+1', '-0x1.f61c7e0000000p-1', '-0x1.f81f800000000p-4',
                          '-0x1.1766c40000000p+3', '0x1.d298d00000000p+0', '0x1.39cbb20000000p+0']
    ga, gb, gc, gd = tape.gradient(s, [a, b, c, d])
    assert _hexes(ga) == ['-0x1.2cec800000000p+2', '0x1.1203040000000p+2', '-0x1.c5a48a0000000p+3',
                          '-0x1.e50a3c0000000p-1', '0x1.b0f14e0000000p+0', '-0x1.ebde620000000p+1']
    assert _hexes(gb) == ['-0x1.2667dc0000000p+3', '0x1.4baf8a0000000p+3', '0x1.9a2e400000000p+1',
                          '-0x1.381c6c0000000p+1', '0x1.15e17e0000000p+2', '-0x1.c4515e0000000p+1']
    assert _hexes(gc) == ['-0x1.06b2a40000000p-4', '0x1.5f12ac0000000p+0', '0x1.169c340000000p+1',
                          '0x1.1b21220000000p+0']
    assert _hexes(gd) == ['0x1.e09f080000000p-2', '0x1.fa7fb00000000p-1', '0x1.49b0a20000000p-2',
                          '0x1.cfc4020000000p+0', '0x1.c4031e0000000p+0', '-0x1.b0cff40000000p-5']


def test_plans_as_opt_einsum_greedy():
    # opt_einsum.contract_path(..., optimize='greedy', einsum_call=True): (positions, equation) per step
    assert contraction_steps(['ij', 'jk', 'kl'], 'il', {'i': 2, 'j': 2, 'k': 3, 'l': 1}) == [
        ((2, 1), 'kl,jk->lj'), ((1, 0), 'lj,ij->il')]
    assert contraction_steps(['ij', 'jk', 'kl'], 'il', {'i': 3, 'j': 2, 'k': 1, 'l': 3}) == [
        ((1, 0), 'jk,ij->ki'), ((1, 0), 'ki,kl->il')]
    # the same letters twice are multiplied first; outer products last, smallest first
    assert contraction_steps(['ij', 'ij', 'jk'], 'ik', {'i': 3, 'j': 4, 'k': 2})[0] == ((1, 0), 'ij,ij->ij')
    assert contraction_steps(['i', 'j', 'k'], 'ijk', {'i': 2, 'j': 3, 'k': 2}) == [
        ((2, 0), 'k,i->ki'), ((1, 0), 'ki,j->ijk')]
