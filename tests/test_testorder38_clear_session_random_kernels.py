"""keras.backend.clear_session() starts the op-seeded random kernels over, as Keras 3 on TF 2.21 does
(it clears TF's eager kernel cache): a program's second model after clear_session draws what a fresh
process draws. The global seed and its stream of op seeds go on. tapeflow kept each kernel's position,
so ``tf.random.uniform([2], seed=5)`` after clear_session gave the kernel's third draw. Values printed
by TF 2.21: /work/notes/progs/testorder/clear_kernels3.py (and clear_kernels2.py for more ops)."""
import pytest

import framework as tf
from framework import keras

FIRST = [0.47397124767303467, 0.5518649816513062]
SECOND = [0.01872694492340088, 0.3112916946411133]


@pytest.fixture(autouse=True)
def no_global_seed_after():
    yield
    tf.random.set_seed(None)


def test_op_seeded_uniform_starts_over_and_unseeded_ops_go_on():
    keras.backend.clear_session()
    tf.random.set_seed(2)
    assert tf.random.uniform([2], seed=5).numpy().tolist() == FIRST
    assert tf.random.uniform([2], seed=5).numpy().tolist() == SECOND
    assert tf.random.uniform([2]).numpy().tolist() == [0.1469024419784546, 0.46425676345825195]
    keras.backend.clear_session()
    assert tf.random.uniform([2], seed=5).numpy().tolist() == FIRST
    assert tf.random.uniform([2]).numpy().tolist() == [0.6266952753067017, 0.9940353631973267]


def test_kernels_in_a_tf_function_and_shuffle_start_over():
    tf.random.set_seed(2)

    @tf.function
    def draw():
        return tf.random.normal([2], seed=7)

    first = draw().numpy().tolist()
    assert first == [-1.2524888515472412, -2.0152578353881836]
    assert draw().numpy().tolist() == [0.7924992442131042, -1.14168119430542]
    keras.backend.clear_session()
    assert draw().numpy().tolist() == first
    order = tf.random.shuffle(tf.range(5), seed=1).numpy().tolist()
    assert order == [4, 0, 3, 1, 2]
    keras.backend.clear_session()
    assert tf.random.shuffle(tf.range(5), seed=1).numpy().tolist() == order
