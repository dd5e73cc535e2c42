r"""A label past fit's class_weight table on a tf.data.Dataset, in the words TF 2.21's input pipeline gives it.

Keras 3 weighs a Dataset's batches in a Dataset.map that gathers each label's weight from a table of the
classes 0..max(key) (iterable_data._class_weights_as_sample_weights): class_weight={0: 1.0, 1: 2.0} and a
label 2 fail the gather inside the pipeline, and the error comes out of the step that reads the batch. TF
2.21 (notes progs/modelfuzz22/n2.py), in fit's traced step:

    Graph execution error:

    Detected at node GatherV2 defined at (most recent call last):
    <stack traces unavailable>
    Error in user-defined function passed to MapDataset:2 transformation with iterator: Iterator::Root::\
Prefetch::ParallelMapV2: indices[5] = 2 is not in [0, 2)
    	 [[{{node GatherV2}}]]
    	 [[IteratorGetNext]] [Op:__inference_multi_step_on_iterator_188]

(``IteratorGetNextAsOptional`` with steps_per_execution > 1), run eagerly ``{{function_node
__wrapped__IteratorGetNext_output_types_3_device_/job:localhost/replica:0/task:0/device:CPU:0}} Error in
user-defined function passed to MapDataset:4 transformation with iterator: ...\n\t [[{{node GatherV2}}]]
[Op:IteratorGetNext] name: `` (``IteratorGetNextAsOptional``'s, without output types, with steps_per_execution > 1:
progs/modelfuzz23/i5.py). Keras calls on_train_batch_begin before its function reads a group's batches, so the
group whose first batch fails is begun first. tapeflow's map gathers eagerly and met the gather's own error. The dataset's
and the graph's uids (MapDataset:2, _188) are left out: tapeflow numbers neither (as graph_runtime_errors.py).
"""
from framework.errors import InvalidArgumentError
from framework.graph_runtime_errors import _EAGER

_ITERATOR = 'Iterator::Root::Prefetch::ParallelMapV2'


def note_gather_failure(error, components):
    """Mark the gather's ``error`` (an eager kernel's) as the class-weight map's, whose batches have
    ``components`` tensors (x's, y and the weights): the step that reads the batch rewords it."""
    found = _EAGER.match(str(error))
    if found is not None:
        error.class_weight_map = (found.group('text'), components)


def reworded(batches, traced, every, failing=None):
    """``batches``, where a class-weight map's failure (note_gather_failure) is raised as the step reading
    the batch raises it: ``traced`` (fit's tf.function; ``every``: steps_per_execution) or run eagerly.
    ``failing(step)`` runs first, with the index of the batch that failed: fit's loop does there what Keras
    did before its function failed (step_failed)."""
    iterator = iter(batches)
    step = 0
    while True:
        try:
            batch = next(iterator)
        except StopIteration:
            return
        except InvalidArgumentError as error:
            noted = getattr(error, 'class_weight_map', None)
            if noted is None:
                raise
            if failing is not None:
                failing(step)
            raise _as_step_error(error, noted, traced, every) from None
        yield batch
        step += 1


def step_failed(step, every, begin, traced_calls):
    """What Keras 3 did before its function failed to read batch ``step`` (groups of ``every``): ``begin``
    (on_train_batch_begin where fit calls it after reading a group's first batch, steps_per_execution > 1
    on data of known length; else None) begins the failing group first, as Keras calls it before its function
    reads the group (TF 2.21: 'batch_begin 0', then the error). ``traced_calls`` (step_retracing.calls_made;
    None run eagerly) counts the calls that ran before it: TF's retracing detector counts a call once it
    returns, so the failing call is left out (a failure in the first call counts nothing, its trace neither)."""
    if begin is not None and step % every == 0:
        begin(step)
    if traced_calls is not None and step >= every:
        traced_calls(step // every)


def _as_step_error(error, noted, traced, every):
    text, components = noted
    failure = ('Error in user-defined function passed to MapDataset transformation with iterator: %s: %s\n'
               '\t [[{{node GatherV2}}]]' % (_ITERATOR, text))
    if traced:
        words = ('Graph execution error:\n\nDetected at node GatherV2 defined at (most recent call last):\n'
                 '<stack traces unavailable>\n%s\n\t [[%s]] [Op:__inference_multi_step_on_iterator]'
                 % (failure, 'IteratorGetNext' if every == 1 else 'IteratorGetNextAsOptional'))
    elif every == 1:
        words = ('{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/replica:0/task:0/'
                 'device:CPU:0}} %s [Op:IteratorGetNext] name: ' % (components, failure))
    else:       # (Keras's eager multi-step loop reads each batch as an Optional: no output types in the op's name)
        words = ('{{function_node __wrapped__IteratorGetNextAsOptional_device_/job:localhost/replica:0/task:0/'
                 'device:CPU:0}} %s [Op:IteratorGetNextAsOptional] name: ' % failure)
    refused = InvalidArgumentError(None, None, words)
    refused.add_note('fit(class_weight=...) on a tf.data.Dataset weighs each label from a table of the classes '
                     '0..max(key) of class_weight (absent ones weigh 1.0): a label past it fails; give class_weight '
                     'a key for the largest class')
    for note in getattr(error, '__notes__', ()):
        refused.add_note(note)
    return refused
