"""An exception raised while a tf.function traces, as TensorFlow's autograph rewrites it.

TensorFlow 2.21 re-raises an error from a traced (autograph-converted) function as the same class
with the message 'in user code:' followed by the user's frames, '  *' marking the converted ones,
and the original 'Class: message' indented (autograph/pyct/error_utils.py). Only classes it can
rebuild from one message keep their class: those whose ``__init__`` is Exception's, the builtin
string-constructed errors, KeyError (unquoted) and OperatorNotAllowedInGraphError (autograph's
api.py); any other (IndexError, ZeroDivisionError, LookupError, a class with its own ``__init__``)
becomes AutoGraph's StagingError with that message. tapeflow's own frames stand for TensorFlow's, which its traceback filtering hides. Kernel errors (tf.errors.OpError) keep their eager text:
TensorFlow reports them from its graph, in other words; but where TensorFlow's shape inference refuses
the op while the graph is built, the graph's ValueError stands for the kernel's (``graph_side``).
A converted lambda shows as 'None' with its own source, as autograph converts it alone.
"""
import ast
import linecache
import os
import re
import sysconfig

from .errors import OperatorNotAllowedInGraphError, OpError
from .pfor_errors import StagingError

_STRING_CONSTRUCTED = (AssertionError, AttributeError, NameError, NotImplementedError, RuntimeError, StopIteration,
                       TypeError, UnboundLocalError, ValueError)
_OWN_DIRS = tuple(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), name) + os.sep
                  for name in ('framework', 'layers', 'optim'))
_LIBRARY_DIRS = tuple({sysconfig.get_paths()[key] + os.sep for key in ('stdlib', 'purelib', 'platlib')})


class _MultilineKeyError(KeyError):
    """A KeyError whose str is its message as written (KeyError's own quotes it)."""

    def __init__(self, message, original):
        super().__init__(original)
        self._message = message

    def __str__(self):
        return self._message


_MultilineKeyError.__name__ = KeyError.__name__


def graph_side(error):
    """The error TensorFlow's graph raises where a kernel raised ``error`` in a trace (the naming hook
    hangs it on the kernel's error: graph_shape_errors.py), with ``error``'s traceback; else ``error``."""
    refused = getattr(error, '_graph_error', None)
    return error if refused is None else refused.with_traceback(error.__traceback__)


def raised_from_trace(error, python_function, in_user_words=True):
    """What a trace of ``python_function`` that raised ``error`` raises: the graph's error for a
    kernel's (``graph_side``), in autograph's 'in user code' words where TensorFlow uses them
    (``in_user_words``: the function is converted and no outer trace reports it); ``error`` itself
    when TensorFlow keeps it as it is."""
    refused = graph_side(error)
    rewritten = in_user_code(refused, python_function) if in_user_words else None
    return refused if rewritten is None else rewritten


def in_user_code(error, python_function, kernel_errors=False):
    """``error`` rewritten as TensorFlow's autograph raises it from ``python_function``'s trace,
    or None where TensorFlow keeps it as it is. ``kernel_errors``: an eager kernel's OpError is
    rewritten too (code autograph converted and ran eagerly: tf.map_fn's fn)."""
    if (isinstance(error, OpError) and not kernel_errors) or getattr(error, '_in_user_code', False):
        return None
    # (a variable's singleton error is raised after the trace, from the stack where it was made: an inner
    # tf.function's frames are there, not in the traceback, which leaves the inner trace at its call)
    made_at = getattr(error, '_made_at', None)
    frames = _user_frames_of(made_at, python_function) if made_at else None
    if not frames:
        frames = _user_frames(error.__traceback__, python_function)
    if not frames:
        return None
    lines = ['in user code:', '']
    if getattr(error, '_user_line', None) is not None:      # TensorFlow names another line of that frame
        frames[-1] = (frames[-1][0], error._user_line) + tuple(frames[-1][2:])
    for filename, lineno, name, mark, arguments in frames:
        code = linecache.getline(filename, lineno).strip()
        if name == '<lambda>' and mark == '  *':       # autograph converts a lambda alone: no name, its own source
            name, code = 'None', _lambda_source(code, arguments)
        lines.append('    File "%s", line %d, in %s%s' % (filename, lineno, name, mark))
        lines.append('        ' + (code or '<source unavailable>'))
    lines.append('')
    lines += ['    ' + line for line in ('%s: %s' % (type(error).__name__, error)).split('\n')]
    lines.append('')
    message = '\n'.join(lines)
    kind = type(error)
    if kind.__init__ is Exception.__init__ or kind in _STRING_CONSTRUCTED or _shown_as_string_constructed(kind) or \
            kind is OperatorNotAllowedInGraphError or (kernel_errors and issubclass(kind, OpError)):
        rewritten = kind(message)
    elif kind is KeyError:
        rewritten = _MultilineKeyError(message, '%s: %s' % (kind.__name__, error))
    else:       # a class it cannot rebuild from one message (IndexError, ZeroDivisionError, a user's own)
        rewritten = StagingError(message)
    rewritten._in_user_code = True
    for note in getattr(error, '__notes__', ()):
        rewritten.add_note(note)
    return rewritten.with_traceback(error.__traceback__)


def _shown_as_string_constructed(kind):
    """Whether ``kind`` is a tapeflow class that prints as one of those builtin classes (errors.shown_as:
    optim/gradients.py's NotAVariableError is TF's AttributeError), which autograph rebuilds as it is."""
    return kind.__module__ == 'builtins' and '__init__' not in kind.__dict__ and \
        any(kind.__name__ == c.__name__ and issubclass(kind, c) for c in _STRING_CONSTRUCTED)


def _lambda_source(line, arguments):
    """The lambda expression of a source line ('lambda x: x + 1' of 'ds.map(lambda x: x + 1)'): the one
    there, or the one of several taking ``arguments`` (names) as autograph tells them apart (TF 2.21:
    'lambda x: x.numpy()' of 'show(lambda: ds.map(lambda x: x.numpy()))'); the line where that cannot be told."""
    try:
        found = [(node, ast.get_source_segment(line, node)) for node in ast.walk(ast.parse(line))
                 if isinstance(node, ast.Lambda)]
    except SyntaxError:         # (a line of a longer statement: 'ds = ds.map(lambda x: x + 1,')
        found = _lambdas_of_partial_line(line)
    if len(found) > 1:
        found = [(node, text) for node, text in found if tuple(a.arg for a in node.args.args) == arguments]
    if len(found) != 1:
        return line
    return found[0][1] or line


def _lambdas_of_partial_line(line):
    """[(node, text)] of the lambdas of a line that does not parse alone, as autograph finds them in the whole
    statement: from each 'lambda', the longest text that parses as that lambda alone (a trailing ',' or ')' of
    the statement left out). Error path only: a few parses per character of the line."""
    found = []
    for match in re.finditer(r'\blambda\b', line):
        for end in range(len(line), match.end(), -1):
            text = line[match.start():end]
            try:
                node = ast.parse(text, mode='eval').body
            except SyntaxError:
                continue
            if isinstance(node, ast.Lambda):
                found.append((node, text.rstrip()))
                break
    return found


def _user_frames(tb, python_function):
    """(file, line, function, mark, argument names) of the traceback's frames from ``python_function``'s own frame on,
    tapeflow's frames left out; none when that frame is not in the traceback."""
    steps = []
    while tb is not None:
        steps.append((tb.tb_frame.f_code, tb.tb_lineno, tb.tb_lasti))
        tb = tb.tb_next
    return _user_frames_of(steps, python_function)


def _user_frames_of(steps, python_function):
    """_user_frames of (code, line) or (code, line, instruction offset) steps, outermost first (where an
    error was decided on, not raised)."""
    target = python_function
    while hasattr(target, '__wrapped__') or hasattr(target, '__func__'):
        target = getattr(target, '__func__', None) or target.__wrapped__
    code = getattr(target, '__code__', None)
    frames, started, inside_unconverted, caller = [], False, False, None
    for step in steps:
        frame_code, lineno = step[0], step[1]
        started = started or frame_code is code
        if started and not frame_code.co_filename.startswith(_OWN_DIRS):
            if not inside_unconverted and _autograph_leaves(frame_code.co_filename):
                mark, inside_unconverted = '  **', True     # (numpy's np.sum called from converted code)
            elif inside_unconverted or frame_code.co_filename.startswith(_LIBRARY_DIRS):
                mark = ''
            elif frame_code in UNCONVERTED_CODE:
                # autograph ran it as it is (do_not_convert): TF marks its frame '**', the frames it calls not at all
                mark, inside_unconverted = '  **', True
            else:
                mark = entry_mark(caller, frame_code) if frames and frames[-1][3] == '  *' else '  *'
                inside_unconverted = mark != '  *'
            frames.append((frame_code.co_filename, lineno, frame_code.co_name, mark,
                           frame_code.co_varnames[:frame_code.co_argcount]))
        caller = step if started else None
    return frames


def entry_mark(caller, callee_code):
    """The mark of a user frame that a converted user frame (``caller``: code, line, instruction offset)
    entered directly. AutoGraph converts what converted code calls by name ('*'); a class's constructor
    or a builtin it has no overload for runs as it is, the frame under it '**' (TF 2.21: 'in __init__  **'
    under ``K(x)``, 'in __repr__  **' under ``repr(k)``); what Python enters itself (a property, an
    operator's or a subscript's dunder, print's or len's __repr__ / __len__ through AutoGraph's own
    builtins) shows unmarked."""
    if caller is None or len(caller) < 3 or caller[0].co_filename.startswith(_OWN_DIRS):
        return '  *'
    call = _call_at(caller[0], caller[2])
    if call is None:
        return ''
    name = callee_code.co_name
    if name.startswith('__') and name.endswith('__') and name != '__call__':
        return '' if call in _AUTOGRAPH_BUILTINS else '  **'
    return '  *'


# the builtins AutoGraph replaces by its own (py_builtins): what they call is entered from AutoGraph's code
_AUTOGRAPH_BUILTINS = frozenset(('abs', 'all', 'any', 'enumerate', 'filter', 'float', 'int', 'len', 'map', 'next',
                                 'print', 'range', 'sorted', 'zip'))


def _call_at(code, offset):
    """The called name ('' where it is not a plain name) of the call instruction at ``offset`` of
    ``code``, or None where that instruction is no call (Python entered the frame under it itself)."""
    import dis
    for instruction in dis.get_instructions(code):
        if instruction.offset == offset:
            if instruction.opname not in ('CALL', 'CALL_FUNCTION_EX', 'CALL_FUNCTION', 'CALL_METHOD',
                                          'CALL_FUNCTION_KW'):
                return None
            return _called_name(code, instruction)
    return ''


def _called_name(code, instruction):
    """The called expression's name where it is a plain name (``repr`` of ``repr(k)``), from the source."""
    position = instruction.positions
    if position is None or position.lineno is None or position.lineno != position.end_lineno:
        return ''
    line = linecache.getline(code.co_filename, position.lineno)
    text = line.encode()[position.col_offset:position.end_col_offset].decode(errors='replace')
    head = text.split('(', 1)[0].strip()
    return head if head.isidentifier() else ''


# the installed packages AutoGraph's conversion rules leave as they are (DoNotConvert): called from converted
# code, their frame is marked '**'
_DO_NOT_CONVERT = frozenset(('numpy', 'pandas', 'matplotlib', 'PIL', 'collections', 'copy', 'inspect', 'pathlib',
                             'posixpath', 're', 'threading', 'urllib', 'linecache'))


def _autograph_leaves(filename):
    """Whether ``filename`` is in a library (or stdlib module) that AutoGraph's rules do not convert."""
    for root in sorted(_LIBRARY_DIRS, key=len, reverse=True):      # site-packages before the stdlib above it
        if filename.startswith(root):
            top = filename[len(root):].split(os.sep)[0]
            return top.partition('.')[0] in _DO_NOT_CONVERT
    return False


# the code of functions given to tf.autograph.experimental.do_not_convert
UNCONVERTED_CODE = set()
