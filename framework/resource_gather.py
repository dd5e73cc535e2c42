"""Which graph op ``tf.gather`` makes in a trace: TF 2.21's gather reads a resource variable's rows itself.

TensorFlow's ``tf.gather(params, indices, axis=None, batch_dims=0)`` takes ``axis = batch_dims`` when no axis
is given, and on axis 0 calls ``params.sparse_read(indices, name=name)`` where params has one (a tf.Variable;
a keras.Variable has not): a ResourceGather op named 'Gather' ('Gather_1', ... ; a given name as it is), not
GatherV2. A traced print shows Tensor("Gather:0", ...) and a graph run failing there names node Gather
(notes/progs/optimtraj28/p2_gather.py).
"""
import numbers


def reads_rows(parameters):
    """Whether tf.gather called with ``parameters`` (by name) is the variable's sparse_read in TF."""
    axis = parameters.get('axis')
    if axis is None:
        axis = parameters.get('batch_dims', 0)
    return isinstance(axis, numbers.Integral) and int(axis) == 0 and hasattr(parameters.get('params'), 'sparse_read')
