"""How a loaded SavedModel signature prints: TF 2.21 revives it as a ConcreteFunction, so
``print(loaded.signatures['serving_default'])`` shows its 'Input Parameters:' block (keyword-only
inputs in sorted order, the output dict, a resource handle per captured variable) and its repr is
``<ConcreteFunction (*, x: TensorSpec(...)) -> Dict[['output_0', TensorSpec(...)]] at 0x...>``,
which ``print(loaded.signatures)`` lists."""
from ..concrete_function import PrintedAsConcreteFunction
from ..concrete_function_variables import captured_values
from ..variable import Variable
from ..function import Function
from ..ops.tensor_spec import TensorSpec
from .graph_captures import Capture, constant, handle


class SignatureType:
    """A signature's ``function_type``: str is the one-line ``(*, x: ...) -> Dict[...]``, repr the block."""

    def __init__(self, signature):
        self._signature = signature

    def __str__(self):
        output = self._signature._output_type
        text = '(*, %s)' % self._signature._parameters_line()
        return text if output is None else text + ' -> ' + output

    def __repr__(self):
        signature = self._signature
        lines = ['Input Parameters:'] + ['  %s (KEYWORD_ONLY): %s' % p for p in signature._parameter_texts()]
        if signature._output_type is not None:
            captures = ['  %d: %s' % (capture.key, capture.text) for capture in signature._captures()]
            lines += ['Output Type:', '  ' + signature._output_type, 'Captures:'] + (captures or ['  None'])
        return '\n'.join(lines)


class SignatureText(PrintedAsConcreteFunction):
    """The printing side of saved_model.signatures.Signature (its input names, specs and outputs)."""

    @property
    def function_type(self):
        return SignatureType(self)

    def _parameter_texts(self):
        """(name, spec text) per keyword input, sorted by name as TF's signature wrapper takes them
        (the text None where tapeflow keeps no spec: a Keras model called on 'inputs')."""
        specs = self._input_specs()
        if specs is None:
            return [(name, None) for name in sorted(self.input_names)]
        return [(name, repr(TensorSpec(spec.shape, spec.dtype, name))) for name, spec in self._sorted(specs)]

    def _parameters_line(self):
        """'n: TensorSpec(...), x: TensorSpec(...)', as the one-line type and binding errors print them."""
        return ', '.join(name if text is None else '%s: %s' % (name, text) for name, text in self._parameter_texts())

    def _captures(self):
        """graph_captures.Capture per captured tensor: a Keras model's inference graph's (as its export
        lists them), else one resource handle per variable the function's code reads."""
        from .keras_export import ExportArchive, _captured       # (keras_export imports signatures)
        function = self.function
        owner = getattr(function, '__self__', None)
        if isinstance(owner, ExportArchive):        # model.export's endpoint
            owner = owner._model
        if owner is not None and callable(getattr(type(owner), 'compile', None)) and hasattr(owner, 'layers'):
            return _captured(owner)
        python_function = function.python_function if isinstance(function, Function) else function
        return [_as_capture(value) for value in captured_values(python_function, tensor_reads=_tensor_reads(function))]


def _tensor_reads(function):
    """The ids of the outside tensors the traces of the tf.function ``function`` handed to ops
    (trace_tensor_reads), or None where none has run under the trace hook (then every tensor its code names)."""
    entries = [entry for entry in getattr(function, '_dispatch', {}).values()
               if getattr(entry, 'tensor_reads', None) is not None]
    return set().union(*(entry.tensor_reads for entry in entries)) if entries else None


def _as_capture(value):
    """graph_captures.Capture of what a function captures: a variable's handle, an eager tensor as it is."""
    if isinstance(value, Capture):
        return value
    if isinstance(value, Variable):
        return handle(value)
    return constant(id(value), value.shape, value.dtype)
