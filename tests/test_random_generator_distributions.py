"""Gamma, Poisson and binomial draws (stateful, stateless and Generator.binomial): TensorFlow's values.

Golden values printed by TensorFlow 2.21 (tensorflow-cpu, Linux) for the same calls, in the
same order (/work/notes/progs/random_gen/gp_tf.py); each test that uses op seeds sets the global
seed first, as that program does.
"""
import pytest

import framework as tf


def values(t):
    return t.numpy().ravel().tolist()


def test_stateless_gamma_float32_float64_and_small_alpha():
    assert values(tf.random.stateless_gamma([4, 3], seed=[12, 34], alpha=[0.5, 1.0, 3.0])) == [
        0.1941966563463211, 1.4426655769348145, 5.8665385246276855, 0.10419228672981262, 1.5496740341186523,
        3.9824514389038086, 0.27088356018066406, 1.500152587890625, 2.5739827156066895, 1.3085885047912598,
        0.3518703877925873, 2.3122007846832275]
    assert values(tf.random.stateless_gamma([3, 2], seed=[1, 2], alpha=[2.0, 7.5], beta=[1.0, 3.0],
                                            dtype=tf.float64)) == [
        2.817273560438536, 2.7513976552572124, 1.9241365690766064, 2.778746680231462, 3.336006692616804,
        2.2680542079084147]
    assert values(tf.random.stateless_gamma([5], seed=[5, 6], alpha=0.1)) == [
        1.5400644315377576e-07, 5.347590470075993e-15, 1.5559111488983035e-05, 4.262728907633573e-07,
        4.25751345289882e-08]
    broadcast = tf.random.stateless_gamma([3, 2, 1], seed=[5, 6], alpha=tf.constant([[1.5], [0.3]]), beta=2.0)
    assert broadcast.shape == (3, 2, 1) and values(broadcast) == [
        0.1884986162185669, 0.0035716108977794647, 1.3342689275741577, 0.005954486317932606, 0.7339509129524231,
        0.08422735333442688]


def test_stateless_poisson_both_algorithms_and_dtypes():
    assert values(tf.random.stateless_poisson([4, 3], seed=[12, 34], lam=[0.5, 4.0, 30.0])) == [
        0, 4, 40, 0, 2, 38, 0, 5, 26, 0, 1, 34]
    drawn = tf.random.stateless_poisson([3, 2], seed=[1, 2], lam=[9.9, 250.0], dtype=tf.float64)
    assert drawn.dtype == tf.float64 and values(drawn) == [14.0, 269.0, 10.0, 235.0, 14.0, 259.0]
    assert values(tf.random.stateless_poisson([5], seed=[5, 6], lam=tf.constant(12.0, tf.float64),
                                              dtype=tf.int64)) == [10, 13, 13, 15, 13]


def test_stateful_gamma_and_poisson_follow_the_op_seeds():
    tf.random.set_seed(3)
    first = tf.random.gamma([4], alpha=[0.5, 2.0])
    assert first.shape == (4, 2) and values(first) == [
        0.007579684257507324, 4.247733116149902, 0.0006754736532457173, 1.4600164890289307, 0.026059649884700775,
        2.8941738605499268, 0.47611066699028015, 1.5042500495910645]
    assert values(tf.random.gamma([4], alpha=[0.5, 2.0])) == [
        0.9131900072097778, 5.4453277587890625, 0.04708613455295563, 1.3344557285308838, 0.05349964648485184,
        1.4939875602722168, 0.07223693281412125, 2.653954267501831]
    assert values(tf.random.gamma([3], alpha=1.0, beta=[1.0, 0.5], seed=7, dtype=tf.float64)) == [
        0.030478668818735257, 1.293658622726238, 0.1881499982115608, 0.8155614256100194, 0.47209761455871263,
        1.3639213482301844]
    assert values(tf.random.gamma([3], alpha=1.0, beta=[1.0, 0.5], seed=7, dtype=tf.float64)) == [
        0.29978362134023173, 1.778602035597598, 0.14631358959109556, 2.1777837117153758, 0.056609532950204405,
        2.1797633949619106]
    assert values(tf.random.poisson([4], lam=[0.5, 20.0])) == [0.0, 19.0, 0.0, 24.0, 1.0, 16.0, 0.0, 18.0]
    assert values(tf.random.poisson([4], lam=[0.5, 20.0], seed=2, dtype=tf.int32)) == [0, 23, 0, 15, 1, 15, 0, 22]
    assert values(tf.random.poisson([3], lam=3.0, seed=2, dtype=tf.int64)) == [5, 2, 5]
    assert values(tf.random.normal([2])) == [0.8310598134994507, -0.4518815279006958]


def test_binomial_generator_and_stateless():
    g = tf.random.Generator.from_seed(4)
    assert values(g.binomial([5, 1], counts=[10.0], probs=[0.3])) == [4, 5, 2, 3, 5]
    assert g.state.numpy().tolist() == [102404, 0, 0]           # 2 * 100 * (5 + 3) // 4 values * 256 blocks
    assert values(tf.random.stateless_binomial([4, 2], seed=[1, 2], counts=[10.0, 200.0], probs=[0.3, 0.6])) == [
        5, 127, 5, 114, 5, 120, 4, 121]
    wide = tf.random.stateless_binomial([3], seed=[1, 2], counts=5, probs=0.5, output_dtype=tf.int64)
    assert wide.dtype == tf.int64 and values(wide) == [3, 3, 3]


def test_shapes_must_end_with_the_parameters_shape():
    with pytest.raises(tf.errors.InvalidArgumentError, match='must end with broadcasted shape'):
        tf.random.stateless_gamma([2], seed=[5, 6], alpha=tf.constant([[1.5], [0.3]]))
    with pytest.raises(tf.errors.InvalidArgumentError, match='must end with broadcasted shape'):
        tf.random.Generator.from_seed(4).binomial([5], counts=[10.0, 3.0], probs=[0.3, 0.2])
