"""tf.pow / ** on float64 with TensorFlow's bits: Eigen's generic_pow on packets of 4 doubles
(framework/ops/eigen_pow64.py), and the float64 Ftrl and Lamb steps that go through it.

Golden values: TensorFlow 2.21 / Keras 3.15 (tensorflow-cpu, x86-64; elementwise double arithmetic,
the same on any x86-64 CPU) run on the inputs below by /work/notes/progs/optimleft/gold_pow64.py,
written as float.hex: tf.pow of 11 values (the last 3 through C's pow) by 0.5, by a 0.3 tensor, ** 2.0
and by an 11-element exponent; a 12 x 12 grid of special values; sha256 digests of 40,000 results;
ten eager apply_gradients on a 3 x 4 float64 variable for Ftrl (Pow(accumulator, 0.5) and 0.3)
and Lamb (sum(w ** 2)).
"""
import hashlib
import math

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_pow64

X = np.array([0.1 + 0.37 * k for k in range(11)])
Y = np.array([math.sin(1.7 * k) * 3 for k in range(11)])

HALF = '''
    0x1.43d136248490fp-2 0x1.5f026f9c47652p-1 0x1.d54178e8830d5p-1 0x1.199999999999ap+0
    0x1.41c97981dab70p+0 0x1.657c0b2625eb4p+0 0x1.85ed7614b038cp+0 0x1.a3df082a77818p+0
    0x1.bfd12dd3df78fp+0 0x1.da1e5edc0f614p+0 0x1.f3092ece5bc36p+0'''.split()

POINT3 = '''
    0x1.009b9cf334253p-1 0x1.983988642e6fcp-1 0x1.e5e85c80b8a83p-1 0x1.0f10fb06934afp+0
    0x1.25a7a069029b5p+0 0x1.38c9c6e71fa46p+0 0x1.4986028dd9bcap+0 0x1.587b365e08f0cp+0
    0x1.660f7bd19efd7p+0 0x1.7288bbdbfb794p+0 0x1.7e1926a96de76p+0'''.split()

SQUARE = '''
    0x1.47ae147ae147cp-7 0x1.c467381d7dbf4p-3 0x1.694467381d7dbp-1 0x1.76cf41f212d77p+0
    0x1.3f8a0902de00ep+1 0x1.e6b851eb851edp+1 0x1.58793dd97f62ap+2 0x1.cf1c432ca57a8p+2
    0x1.2ba29c779a6b5p+3 0x1.787a0f9096bbap+3 0x1.ce147ae147ae2p+3'''.split()

XY = '''
    0x1.0000000000000p+0 0x1.b15d33b05bea0p-4 0x1.249c2bd727118p+0 0x1.2d890c69d4a3bp-1
    0x1.f8553a9cd0229p+0 0x1.3ceaf6d6d2d9fp+2 0x1.5de61eb38c6ecp-3 0x1.46e21211c2310p-3
    0x1.1dcc6819912acp+4 0x1.1585d5f148a93p+2 0x1.5c81fc8ba0868p-6'''.split()

SPECIAL = '''
    0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0
    0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0
    0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0
    0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0
    0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0
    0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0 0x0.0p+0
    -0x0.0p+0 0x1.0000000000000p+0 -0x1.0000000000000p+0 0x1.0000000000000p+1
    -0x1.8000000000000p+1 0x1.0000000000000p-1 inf -inf nan 0x0.0000000000001p-1022
    0x1.7e43c8800759cp+996 inf -inf 0x1.0000000000000p+0 -0x1.0000000000000p+0
    0x1.0000000000000p-1 -0x1.5555555555555p-2 0x1.0000000000000p+1 0x0.0p+0 -0x0.0p+0 nan inf
    0x1.56e1fc2f8f359p-997 0x0.0p+0 0x0.0p+0 0x1.0000000000000p+0 0x1.0000000000000p+0
    0x1.0000000000000p+2 0x1.2000000000000p+3 0x1.0000000000000p-2 inf inf nan 0x0.0p+0 inf inf
    -inf 0x1.0000000000000p+0 -0x1.0000000000000p+0 0x1.0000000000000p-3 -0x1.2f684bda12f68p-5
    0x1.0000000000000p+3 0x0.0p+0 -0x0.0p+0 nan inf 0x0.0p+0 0x0.0p+0 0x0.0p+0
    0x1.0000000000000p+0 nan 0x1.6a09e667f3bcdp+0 nan 0x1.6a09e667f3bcdp-1 inf inf nan 0x0.0p+0
    0x1.38d352e5096afp+498 0x0.0p+0 0x0.0p+0 0x1.0000000000000p+0 0x1.0000000000000p+0 inf inf
    0x0.0p+0 inf inf nan 0x0.0p+0 inf inf inf 0x1.0000000000000p+0 0x1.0000000000000p+0 0x0.0p+0
    0x0.0p+0 inf 0x0.0p+0 0x0.0p+0 nan inf 0x0.0p+0 nan nan 0x1.0000000000000p+0 nan nan nan nan
    nan nan nan nan nan 0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0
    0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0
    0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0
    0x1.0000000000000p+0 0x0.0p+0 0x0.0p+0 0x1.0000000000000p+0 0x1.0000000000000p+0 inf inf
    0x0.0p+0 inf inf nan 0x0.0p+0 inf'''.split()

FTRL = '''
    -0x1.d29a3f106266ep-4 -0x1.dc44a9950337fp-2 0x1.9795f5440caabp-3 0x1.3e15c35526e7ep+0
    -0x1.ca120803280a0p+0 0x1.401f8d8e52602p-3 -0x1.ae9773404eef1p-5 -0x1.ce9d68cb5be0bp-2
    0x1.1648d5b0ef9acp+0 0x1.33c200134e18ep-2 -0x1.4c9be151687ccp+0 0x1.e19f2dcc95dfep+0'''.split()

FTRL_POWER = '''
    -0x1.dc35bd15a3c61p-4 -0x1.d36c9d691d4acp-2 0x1.1c3df9f5577c1p-3 0x1.0f3946c4d55eep+0
    -0x1.69acd80bc4579p+0 0x1.e74150e78a807p-5 -0x1.d23bc4e8be466p-4 -0x1.4a661628debb5p-2
    0x1.e9498f097efacp-1 0x1.2177611e6f13ap-2 -0x1.09f14a9cdb3c6p+0 0x1.7dc6769ca39f9p+0'''.split()

LAMB = '''
    0x1.b5b0397813459p-1 -0x1.b321847ed4881p-2 0x1.13e5c361387b8p-2 0x1.572a4b58fd206p+0
    -0x1.0cac2bc7d8674p+1 0x1.1756c56195d56p-1 0x1.02100bc662f6ep-5 -0x1.57fc9a7779bdep-1
    0x1.22622e98adf50p+0 0x1.2c3571cfc5560p-2 -0x1.8ca4651b89af2p+0 0x1.181711f164c61p+1'''.split()

DIGEST = '89172c674ae97dbca73183d3e3988d5b1ab6ed70f72472d5d52b7b67813fb2c6'

DIGEST_SQUARE = '52c6d4b3e314e9ea6a5f26cd6322b3f0889cd661c0c9fedae86ded6d7e12e44d'


def hexes(t):
    return [float(v).hex() for v in np.asarray(t.numpy() if hasattr(t, 'numpy') else t).ravel()]


def test_packets_of_four_take_generic_pow_and_the_tail_c_pow():
    x = tf.constant(X)
    assert hexes(tf.pow(x, 0.5)) == HALF
    assert hexes(tf.pow(x, tf.constant(0.3, tf.float64))) == POINT3
    assert hexes(x ** 2.0) == SQUARE
    assert hexes(tf.pow(x, tf.constant(Y))) == XY
    # numpy's correctly rounded pow differs from TensorFlow's in these
    assert hexes(X ** 0.5) != HALF and hexes(X ** 2.0) != SQUARE
    # the last size % 4 (here 3) are C's pow, which numpy's agrees with
    assert hexes(X[8:] ** 2.0) == SQUARE[8:]


def test_special_values_follow_c_pow_rules():
    special = np.array([0.0, -0.0, 1.0, -1.0, 2.0, -3.0, 0.5, np.inf, -np.inf, np.nan, 5e-324, 1e300])
    x, y = [a.ravel() for a in np.meshgrid(special, special)]
    assert hexes(eigen_pow64.pow(x, y)) == SPECIAL


@pytest.mark.usefixtures('exact_math')
def test_forty_thousand_values_match():
    rng = np.random.default_rng(7)
    x = rng.uniform(0, 4, 40000)
    y = rng.uniform(-3, 3, 40000)
    assert hashlib.sha256(tf.pow(tf.constant(x), tf.constant(y)).numpy().tobytes()).hexdigest() == DIGEST
    assert hashlib.sha256((tf.constant(x) ** 2.0).numpy().tobytes()).hexdigest() == DIGEST_SQUARE


@pytest.mark.parametrize('make, want', [
    (lambda: keras.optimizers.Ftrl(0.1), FTRL),
    (lambda: keras.optimizers.Ftrl(0.1, learning_rate_power=-0.3), FTRL_POWER),
    (lambda: keras.optimizers.Lamb(0.01), LAMB),
])
def test_float64_eager_steps_follow_keras(make, want):
    optimizer = make()
    v = tf.Variable(np.array([[0.9, -0.4, 0.25, 1.3], [-2.1, 0.6, 0.05, -0.7], [1.1, 0.3, -1.5, 2.2]]))
    for step in range(10):
        g = np.array([3 * math.sin(0.7 * step + 1.3 * k) for k in range(12)]).reshape(3, 4)
        optimizer.apply_gradients([(tf.constant(g), v)])
    assert hexes(v) == want
