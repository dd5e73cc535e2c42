"""TF converts a shape argument to a tensor before an op reads it; a TensorShape with an unknown length
((None, 3), a Keras batch size) or an unknown rank has no values, and the conversion refuses it in one
sentence for every op: tf.random.normal(TensorShape([None, 3])) raises TF 2.21's
'ValueError: Cannot convert a partially known TensorShape (None, 3) to a Tensor.'"""
from .tensor_shape import TensorShape, partial_shape_error


def refuse_partial_shape(shape, note, arg=None):
    """Raise TF's conversion error (with ``note``) for a TensorShape that is not fully defined. ``arg`` names
    the op's input where a graph's op builder converts it: in a tf.function TF says which input failed
    ("Tried to convert 'shape' to a tensor and failed. Error: ..."); eagerly the sentence stands alone."""
    if shape.__class__ is TensorShape and not shape.is_fully_defined():
        error = partial_shape_error(shape)
        if arg is not None:
            from .eager_graph_names import inside_function
            if inside_function():
                error = ValueError("Tried to convert '%s' to a tensor and failed. Error: %s" % (arg, error.args[0]))
        error.add_note(note)
        raise error
