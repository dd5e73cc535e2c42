"""tf.test.TestCase's assertions, and the build queries of tf.test (TensorFlow 2.21's behaviour)."""
import unittest

import numpy as np
import pytest

import framework as tf


def _run(method):
    """Run ``method(self)`` as the one test of a tf.test.TestCase; the unittest result."""
    case = type('Case', (tf.test.TestCase,), {'test_it': method})
    result = unittest.TestResult()
    unittest.defaultTestLoader.loadTestsFromTestCase(case).run(result)
    return result


def _passes(method):
    result = _run(method)
    assert result.wasSuccessful(), result.failures + result.errors


def _fails_with(method, text):
    result = _run(method)
    assert len(result.failures) == 1, result.errors
    assert text in result.failures[0][1]


def test_the_assertions_that_hold_pass():
    def body(self):
        self.assertAllClose([1.0, 2.0], np.array([1.0, 2.0000001]))
        self.assertAllClose({'a': tf.constant([1.0]), 'b': (tf.constant(2.0),)}, {'a': [1.0], 'b': (2.0,)})
        self.assertAllClose([tf.constant(1.0), tf.constant(2.0)], [1.0, 2.0])
        self.assertAllEqual(tf.constant([1, 2]), [1, 2])
        self.assertNear(1.0, 1.05, 0.1)
        self.assertArrayNear([1.0, 2.0], [1.0, 2.0001], 1e-3)
        self.assertAllCloseAccordingToType([1.0], np.float32([1.0000001]))
        self.assertNotAllClose([1.0], [2.0])
        self.assertNotAllEqual([1], [2])
        self.assertAllInRange([1, 2], 0, 3)
        self.assertAllGreater([2, 3], 1)
        self.assertAllGreaterEqual([2, 3], 2)
        self.assertAllLess([2, 3], 4)
        self.assertAllLessEqual([2, 3], 3)
        self.assertAllInSet([1, 2], {1, 2, 3})
        self.assertShapeEqual(np.zeros((2, 3)), tf.zeros((2, 3)))
        self.assertDTypeEqual(tf.zeros(2), np.float32)
        # TF's message for this is "Incompatible shapes: [2] vs. [3] [Op:AddV2]".
        with self.assertRaisesOpError('Incompatible shapes: \\[2\\] vs. \\[3\\]'):
            tf.add(tf.ones(2), tf.ones(3))
        with self.session():
            assert type(self.evaluate(tf.constant(1.0))) is np.float32
        assert self.evaluate({'a': tf.constant([1])})['a'].tolist() == [1]
    _passes(body)


@pytest.mark.parametrize('body, text', [
    (lambda self: self.assertAllClose([1.0, 2.0], [1.0, 2.1]),
     'Not equal to tolerance rtol=1e-06, atol=1e-06\nMismatched value: a is different from b.'),
    (lambda self: self.assertAllEqual([1, 2], [1, 3]), 'Arrays are not equal'),
    (lambda self: self.assertAllClose([1.0, 2.0], [1.0, 2.0, 3.0]), 'Shape mismatch: expected (2,), got (3,)'),
    (lambda self: self.assertAllGreater([2, 3], 2), 'Not all greater than 2'),
    (lambda self: self.assertNotAllClose([1.0], [1.0]), 'close at all elements'),
    (lambda self: self.assertNear(1.0, 1.5, 0.1), '1.000000 != 1.500000 +/- 0.100000'),
])
def test_the_assertions_that_do_not_hold_fail(body, text):
    _fails_with(body, text)


def test_build_queries_on_a_cpu_machine():
    gpu = tf.test.is_gpu_available()
    assert tf.test.gpu_device_name() == ('/device:GPU:0' if gpu else '')
    assert tf.test.is_built_with_xla() is False
    assert tf.test.is_built_with_gpu_support() == (tf.test.is_built_with_cuda() or tf.test.is_built_with_rocm())
    assert tf.test.is_cpu_target_available('x86')
