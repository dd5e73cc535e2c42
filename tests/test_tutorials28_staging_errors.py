"""An error AutoGraph cannot rebuild from one message (IndexError, ZeroDivisionError, LookupError, a class
with its own __init__) comes out of a traced function as TF 2.21's StagingError, with the 'in user code:'
text: the load_data/csv tutorial's make_images in a Dataset.map, indexing past its list, raised
"StagingError: in user code: ... IndexError: list assignment index out of range" under TF, and a bare
IndexError here (progs/tutorials28/staging.py, staging2.py, load_csv.py)."""
import pytest

import framework as tf


def _fills_a_short_list(x):
    image = [None] * 2
    image[5] = x
    return x


def _divides_by_zero(x):
    return x + 1 / 0


def _user_text(fn, line, error):
    return 'in user code:\n\n    File "%s", line %d, in %s  *\n        %s\n\n    %s\n' % (
        __file__, fn.__code__.co_firstlineno + line, fn.__name__,
        ['image[5] = x', 'return x + 1 / 0'][fn is _divides_by_zero], error)


def test_an_index_error_in_a_dataset_map_is_a_staging_error():
    # (TF 2.21 traces the function in Dataset.map: the error comes from map itself)
    with pytest.raises(Exception) as err:
        tf.data.Dataset.range(3).map(_fills_a_short_list)
    assert type(err.value).__name__ == 'StagingError' and not isinstance(err.value, IndexError)
    assert str(err.value) == _user_text(_fills_a_short_list, 2, 'IndexError: list assignment index out of range')


def test_a_zero_division_in_a_tf_function_is_a_staging_error():
    with pytest.raises(Exception) as err:
        tf.function(_divides_by_zero)(tf.constant(1))
    assert type(err.value).__name__ == 'StagingError'
    assert str(err.value) == _user_text(_divides_by_zero, 1, 'ZeroDivisionError: division by zero')


def test_a_nested_function_lists_both_frames_once():
    @tf.function
    def outer(x):
        return tf.function(_fills_a_short_list)(x)

    with pytest.raises(Exception) as err:
        outer(tf.constant(1))
    lines = str(err.value).splitlines()
    assert type(err.value).__name__ == 'StagingError'
    assert [line.split(', in ')[-1] for line in lines if line.startswith('    File')] == [
        'outer  *', '_fills_a_short_list  *']
    assert lines[-1] == '    IndexError: list assignment index out of range'


def test_string_constructed_classes_keep_theirs():
    def raises_value_error(x):
        raise ValueError('kept')
    with pytest.raises(ValueError, match='in user code:'):
        tf.function(raises_value_error)(tf.constant(1))
