"""tf.data mistakes a tutorial reader makes, in TF 2.21's words (notes progs/tutorials26/padded_check.py):
padded_batch checks each component's padded shape when the dataset is made (another rank, or shorter
than a length the spec knows: ValueError; a longer one pads), and len() of an unknown or infinite
dataset is TypeError 'The dataset length is unknown.' / 'The dataset is infinite.'."""
import numpy as np
import pytest

import framework as tf

INCOMPATIBLE = 'The padded shape %s is not compatible with the shape %s of the corresponding input component.'


@pytest.fixture
def two():
    return tf.data.Dataset.from_tensor_slices(np.arange(6).reshape(3, 2))


@pytest.mark.parametrize('padded, text', [([1], INCOMPATIBLE % ('(1,)', '(2,)')),
                                          ([1, 1], INCOMPATIBLE % ('(1, 1)', '(2,)'))])
def test_a_padded_shape_shorter_or_of_another_rank_fails_when_made(two, padded, text):
    with pytest.raises(ValueError) as caught:
        two.padded_batch(2, padded_shapes=padded)
    assert str(caught.value) == text


def test_longer_or_open_padded_shapes_pad(two):
    assert [b.shape.as_list() for b in two.padded_batch(2, padded_shapes=[3])] == [[2, 3], [1, 3]]
    assert [b.shape.as_list() for b in two.padded_batch(2, padded_shapes=[None])] == [[2, 2], [1, 2]]
    ranges = tf.data.Dataset.range(1, 4).map(lambda x: tf.range(x))
    assert [b.shape.as_list() for b in ranges.padded_batch(2, padded_shapes=[5])] == [[2, 5], [1, 5]]


def test_each_component_is_checked_in_order():
    pairs = tf.data.Dataset.from_tensor_slices((np.zeros((3, 2)), np.zeros((3, 4))))
    with pytest.raises(ValueError) as caught:
        pairs.padded_batch(2, padded_shapes=([2], [3]))
    assert str(caught.value) == INCOMPATIBLE % ('(3,)', '(4,)')
    with pytest.raises(ValueError) as caught:
        pairs.padded_batch(2, padded_shapes=([1], [4]))
    assert str(caught.value) == INCOMPATIBLE % ('(1,)', '(2,)')


def test_len_of_unknown_and_infinite_datasets():
    with pytest.raises(TypeError) as caught:
        len(tf.data.Dataset.range(3).filter(lambda x: x > 0))
    assert str(caught.value) == 'The dataset length is unknown.'
    with pytest.raises(TypeError) as caught:
        len(tf.data.Dataset.range(3).repeat())
    assert str(caught.value) == 'The dataset is infinite.'
    assert len(tf.data.Dataset.range(3)) == 3


def _map_error(attr, op='MapDataset'):
    signature = {
        'MapDataset': 'input_dataset:variant, other_arguments: -> handle:variant; attr=f:func; '
                      'attr=Targuments:list(type),min=0; attr=output_types:list(type),min=1; '
                      'attr=output_shapes:list(shape),min=1; attr=use_inter_op_parallelism:bool,default=true; '
                      'attr=preserve_cardinality:bool,default=false; attr=force_synchronous:bool,default=false; '
                      'attr=metadata:string,default=""',
        'ParallelMapDatasetV2': 'input_dataset:variant, other_arguments:, num_parallel_calls:int64 -> handle:variant; '
                                'attr=f:func; attr=Targuments:list(type),min=0; attr=output_types:list(type),min=1; '
                                'attr=output_shapes:list(shape),min=1; attr=use_inter_op_parallelism:bool,default=true; '
                                'attr=deterministic:string,default="default"; '
                                'attr=preserve_cardinality:bool,default=false; '
                                'attr=use_unbounded_threadpool:bool,default=false; attr=metadata:string,default=""'}[op]
    return ("Length for attr '%s' of 0 must be at least minimum 1\n\t; NodeDef: {{node %s}}; Op<name=%s; signature=%s> "
            "[Op:%s] name: " % (attr, op, op, signature, op))


def _forgot_return(x):
    x + 1


@pytest.mark.parametrize('returned, parallel, text', [
    (_forgot_return, None, _map_error('output_types')),
    (_forgot_return, tf.data.AUTOTUNE, _map_error('output_types', 'ParallelMapDatasetV2')),
    (lambda x: (), None, _map_error('output_types')),
    (lambda x: [], None, _map_error('output_shapes')),
    (lambda x: {}, None, _map_error('output_shapes'))], ids=['None', 'None-parallel', 'tuple', 'list', 'dict'])
def test_a_map_function_without_outputs_is_the_map_kernels_error(returned, parallel, text):
    # TensorFlow raises it as the dataset is made: tapeflow too where the elements come from memory,
    # else (a generator's) where its trace runs, at the first element
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.data.Dataset.range(3).map(returned, num_parallel_calls=parallel)
    assert str(caught.value) == text
    source = tf.data.Dataset.from_generator(lambda: iter([0]), output_signature=tf.TensorSpec((), tf.int64))
    ds = source.map(returned, num_parallel_calls=parallel)
    for read in (lambda: ds.element_spec, lambda: list(ds)):
        with pytest.raises(tf.errors.InvalidArgumentError) as caught:
            read()
        assert str(caught.value) == text


def test_a_predicate_returning_none():
    with pytest.raises(ValueError) as caught:
        list(tf.data.Dataset.range(3).filter(lambda x: None))
    assert str(caught.value) == ('Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its '
                                 'return type is NoneTensorSpec().')


@pytest.mark.parametrize('call, text', [
    (lambda ds: ds.batch(), "DatasetV2.batch() missing 1 required positional argument: 'batch_size'"),
    (lambda ds: ds.map(), "DatasetV2.map() missing 1 required positional argument: 'map_func'"),
    (lambda ds: ds.shuffle(), "DatasetV2.shuffle() missing 1 required positional argument: 'buffer_size'"),
    (lambda ds: ds.padded_batch(), "DatasetV2.padded_batch() missing 1 required positional argument: 'batch_size'"),
    (lambda ds: tf.data.Dataset.from_tensor_slices(),
     "DatasetV2.from_tensor_slices() missing 1 required positional argument: 'tensors'"),
    (lambda ds: ds.reduce(0), "DatasetV2.reduce() missing 1 required positional argument: 'reduce_func'"),
    (lambda ds: ds.batch(2, foo=1), "DatasetV2.batch() got an unexpected keyword argument 'foo'"),
    (lambda ds: tf.data.Dataset.zip(), 'Must pass at least one dataset to `zip`.'),
], ids=['batch', 'map', 'shuffle', 'padded_batch', 'from_tensor_slices', 'reduce', 'keyword', 'zip'])
def test_python_call_errors_name_tensorflows_class(call, text):
    # notes progs/tutorials26/missing_args.py: Python's own TypeError names the class defining the method
    with pytest.raises(TypeError) as caught:
        call(tf.data.Dataset.range(3))
    assert str(caught.value) == text


def _two(x, y):
    return x + y


def _one(x):
    return x


def _mapped_by_lambda():
    # (a lambda in a decorator's arguments is one AutoGraph cannot find: its statement starts at the def)
    return tf.data.Dataset.range(3).map(lambda x, y: x)


@pytest.mark.parametrize('make, text', [
    (_mapped_by_lambda, "<lambda>() missing 1 required positional argument: 'y'"),
    (lambda: tf.data.Dataset.range(3).map(_two), "tf___two() missing 1 required positional argument: 'y'"),
    (lambda: tf.data.Dataset.from_tensor_slices(([1], [2])).map(_one),
     'tf___one() takes 1 positional argument but 2 were given'),
], ids=['lambda', 'def', 'too-many'])
def test_an_element_that_does_not_fit_the_functions_parameters(make, text):
    # TF 2.21 (notes progs/tutorials26/map_arity.py): the converted copy's call fails before its first line
    with pytest.raises(TypeError) as caught:
        list(make())
    assert str(caught.value) == 'in user code:\n\n\n    TypeError: outer_factory.<locals>.inner_factory.<locals>.%s\n' % text


def test_a_lambda_autograph_cannot_find_keeps_pythons_words():
    # deco_lambda.py: TF warns 'no matching AST found' and runs the lambda as it is
    with pytest.raises(TypeError) as caught:
        list(_DECORATED.fns[0]())
    assert str(caught.value) == "<lambda>.<locals>.<lambda>() missing 1 required positional argument: 'y'"


def _keeping(*fns):
    def wrap(f):
        f.fns = fns
        return f
    return wrap


@_keeping(lambda: tf.data.Dataset.range(3).map(lambda x, y: x),
          lambda: 0)
def _DECORATED():
    pass


def test_functions_autograph_leaves_alone_keep_pythons_words():
    quiet = tf.autograph.experimental.do_not_convert(_two)
    with pytest.raises(TypeError) as caught:
        list(tf.data.Dataset.range(3).map(quiet))
    assert str(caught.value) == "_two() missing 1 required positional argument: 'y'"
