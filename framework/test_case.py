"""``tf.test.TestCase``: unittest's TestCase with TensorFlow's array assertions.

Tensors, Variables, nested lists and structures are compared as numpy arrays
(``evaluate`` turns any structure of tensors into numpy values, as in eager
TensorFlow). Failures raise AssertionError with numpy's report of the
mismatched elements, after TensorFlow's first lines.
"""
import contextlib
import re
import tempfile
import unittest

import numpy as np

from . import nest
from .errors import OpError


def _array(value):
    value = getattr(value, 'numpy', lambda: value)()
    return np.asarray(value)


class TestCase(unittest.TestCase):
    """A unittest.TestCase with assertAllClose, assertAllEqual, evaluate, ... (``tf.test.TestCase``)."""

    def evaluate(self, tensors):
        """``tensors`` (any structure) with every tensor as its numpy value (scalars as numpy scalars)."""
        def one(t):
            if hasattr(t, 'numpy'):
                return t.numpy()
            return t
        return nest.map_structure(one, tensors)

    # ---- closeness ------------------------------------------------------------------
    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        """Every element of ``a`` within ``atol + rtol * |b|`` of ``b``. Dicts are compared key by key and
        lists / tuples that are not plain arrays element by element, as TensorFlow does."""
        if isinstance(a, dict) or isinstance(b, dict):
            if not (isinstance(a, dict) and isinstance(b, dict)) or set(a) != set(b):
                raise AssertionError('mismatched keys or types: %r vs %r%s' % (a, b, ' (%s)' % msg if msg else ''))
            for key in a:
                self.assertAllClose(a[key], b[key], rtol=rtol, atol=atol, msg=msg)
            return
        if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
            try:
                a_array, b_array = _numeric(a), _numeric(b)
            except (TypeError, ValueError):
                if not (isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b)):
                    raise AssertionError('mismatched lengths or types: %r vs %r' % (a, b)) from None
                for x, y in zip(a, b):
                    self.assertAllClose(x, y, rtol=rtol, atol=atol, msg=msg)
                return
            a, b = a_array, b_array
        a, b = _array(a), _array(b)
        if a.shape != b.shape and a.size != b.size:
            raise AssertionError('Shape mismatch: expected %s, got %s with contents %s.%s'
                                 % (a.shape, b.shape, b, ' ' + msg if msg else ''))
        try:
            np.testing.assert_allclose(a, b.reshape(a.shape) if b.size == a.size else b, rtol=rtol, atol=atol,
                                       err_msg='Mismatched value: a is different from b. %s' % (msg or ''),
                                       equal_nan=True)
        except AssertionError as err:
            raise AssertionError(str(err).lstrip('\n')) from None

    def assertAllCloseAccordingToType(self, a, b, rtol=1e-6, atol=1e-6, float_rtol=1e-6, float_atol=1e-6,
                                      half_rtol=1e-3, half_atol=1e-3, bfloat16_rtol=1e-2, bfloat16_atol=1e-2,
                                      msg=None):
        """assertAllClose with the tolerances loosened for float32 / float16 values, as TensorFlow does."""
        kinds = {_array(a).dtype, _array(b).dtype}
        if np.float32 in kinds:
            rtol, atol = max(rtol, float_rtol), max(atol, float_atol)
        if np.float16 in kinds:
            rtol, atol = max(rtol, half_rtol), max(atol, half_atol)
        self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)

    def assertNotAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        try:
            self.assertAllClose(a, b, rtol=rtol, atol=atol)
        except AssertionError:
            return
        raise AssertionError(msg or 'The two values are close at all elements. %s' % '')

    def assertNear(self, f1, f2, err, msg=None):
        """|f1 - f2| <= err for two numbers."""
        if not abs(float(f1) - float(f2)) <= err:
            raise AssertionError('%f != %f +/- %f%s' % (f1, f2, err, ' (%s)' % msg if msg else ''))

    def assertArrayNear(self, farray1, farray2, err, msg=None):
        """Two lists of numbers of equal length, element by element within ``err``."""
        self.assertEqual(len(farray1), len(farray2), msg=msg)
        for f1, f2 in zip(farray1, farray2):
            self.assertNear(float(f1), float(f2), err, msg=msg)

    # ---- equality and order ---------------------------------------------------------------
    def assertAllEqual(self, a, b, msg=None):
        a, b = _array(a), _array(b)
        if a.shape != b.shape and a.size != b.size:
            raise AssertionError('Shape mismatch: expected %s, got %s with contents %s.%s'
                                 % (a.shape, b.shape, b, ' ' + msg if msg else ''))
        try:
            np.testing.assert_array_equal(a, b.reshape(a.shape) if b.size == a.size else b, err_msg=msg or '')
        except AssertionError as err:
            raise AssertionError(str(err).lstrip('\n')) from None

    def assertNotAllEqual(self, a, b, msg=None):
        try:
            self.assertAllEqual(a, b)
        except AssertionError:
            return
        raise AssertionError(msg or 'Expected %r to be not equal to %r' % (_array(a), _array(b)))

    def _compare_all(self, a, test, what):
        values = _array(a)
        if not np.all(test(values)):
            raise AssertionError('%s: %s' % (what, values))

    def assertAllGreater(self, a, comparison_target):
        self._compare_all(a, lambda v: v > comparison_target, 'Not all greater than %r' % (comparison_target,))

    def assertAllGreaterEqual(self, a, comparison_target):
        self._compare_all(a, lambda v: v >= comparison_target, 'Not all >= %r' % (comparison_target,))

    def assertAllLess(self, a, comparison_target):
        self._compare_all(a, lambda v: v < comparison_target, 'Not all less than %r' % (comparison_target,))

    def assertAllLessEqual(self, a, comparison_target):
        self._compare_all(a, lambda v: v <= comparison_target, 'Not all <= %r' % (comparison_target,))

    def assertAllInRange(self, target, lower_bound, upper_bound, open_lower_bound=False, open_upper_bound=False):
        def inside(v):
            low = v > lower_bound if open_lower_bound else v >= lower_bound
            high = v < upper_bound if open_upper_bound else v <= upper_bound
            return low & high
        self._compare_all(target, inside, '%s%s, %s%s does not hold every element'
                          % ('(' if open_lower_bound else '[', lower_bound, upper_bound,
                             ')' if open_upper_bound else ']'))

    def assertAllInSet(self, target, expected_set):
        values = set(_array(target).ravel().tolist())
        extra = values - set(expected_set)
        if extra:
            raise AssertionError('%s not in %s.' % (sorted(extra), set(expected_set)))

    # ---- shapes and dtypes ----------------------------------------------------------------
    def assertShapeEqual(self, input_a, input_b, msg=None):
        """A numpy array's shape equals a tensor's."""
        shape_a, shape_b = tuple(np.shape(input_a)), tuple(getattr(input_b, 'shape', np.shape(input_b)))
        if shape_a != shape_b:
            raise AssertionError('Shapes differ: %s vs %s%s' % (shape_a, shape_b, ' (%s)' % msg if msg else ''))

    def assertDTypeEqual(self, target, expected_dtype):
        expected = np.dtype(getattr(expected_dtype, 'as_numpy_dtype', expected_dtype))
        for leaf in nest.flatten(target):
            self.assertEqual(np.dtype(_array(leaf).dtype), expected)

    # ---- errors ---------------------------------------------------------------------------
    def assertRaisesOpError(self, expected_err_re_or_predicate):
        """A block that raises one of TensorFlow's op errors whose message matches the pattern."""
        return self.assertRaisesWithPredicateMatch(OpError, expected_err_re_or_predicate)

    @contextlib.contextmanager
    def assertRaisesWithPredicateMatch(self, exception_type, expected_err_re_or_predicate):
        if callable(expected_err_re_or_predicate):
            matches = expected_err_re_or_predicate
        else:
            matches = lambda err: re.search(expected_err_re_or_predicate, str(err)) is not None  # noqa: E731
        try:
            yield
        except exception_type as err:
            if not matches(err):
                raise AssertionError('Exception of type %s: %s does not match %r'
                                     % (type(err).__name__, err, expected_err_re_or_predicate)) from err
            return
        raise AssertionError('%s not raised' % exception_type.__name__)

    # ---- TF1 leftovers that eager tests still call -------------------------------------------
    @contextlib.contextmanager
    def session(self, graph=None, config=None):
        """Eager execution needs no session: the block just runs (``evaluate`` gives values)."""
        yield self

    cached_session = session
    test_session = None           # TF marks its own test_session 'Not a test'; keep it out of collection

    def get_temp_dir(self):
        """A temporary directory kept for the test case."""
        if not hasattr(self, '_temp_dir'):
            self._temp_dir = tempfile.mkdtemp()
        return self._temp_dir


def _numeric(value):
    """``value`` as one numeric array (tensors inside a list included), or TypeError / ValueError."""
    array = np.asarray(nest.map_structure(_array, value) if isinstance(value, (list, tuple)) else _array(value))
    if array.dtype == object:
        raise TypeError('not one array')
    return array


def main(argv=None):
    """Run the test cases of ``__main__`` (``unittest.main``)."""
    return unittest.main(argv=argv)
