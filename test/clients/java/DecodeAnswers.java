import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Decodes recorded answers with an openapi-generator `java` client's models and writes them back:
 * `java DecodeAnswers ANSWERS.json MODEL_PACKAGE JSON_CLASS`. Prints one line per answer that fails
 * to decode or whose value differs from the JSON (a wrapped amount, a dropped field).
 */
public class DecodeAnswers {
  interface Codec {
    Object decode(String json, Class<?> type) throws Exception;
    String encode(Object value) throws Exception;
  }

  public static void main(String[] args) throws Exception {
    JsonElement answers = JsonParser.parseString(Files.readString(Path.of(args[0])));
    String pkg = args[1];
    Codec codec = codec(args[2]);
    int bad = 0;
    for (JsonElement a : answers.getAsJsonArray()) {
      String where = a.getAsJsonObject().get("where").getAsString();
      String schema = a.getAsJsonObject().get("schema").getAsString();
      JsonElement value = a.getAsJsonObject().get("value");
      String problem;
      try {
        Object decoded = codec.decode(value.toString(), Class.forName(pkg + "." + schema));
        problem = differs(value, JsonParser.parseString(codec.encode(decoded)), "$");
      } catch (Throwable e) {
        Throwable c = e;
        while (c.getCause() != null && c.getCause() != c) c = c.getCause();
        problem = "decode error: " + c.getClass().getSimpleName() + ": " + String.valueOf(c.getMessage()).replaceAll("\\s+", " ");
      }
      if (problem != null) {
        bad++;
        System.out.println("answer misread: " + where + " as " + schema + ": " + problem.substring(0, Math.min(300, problem.length())));
      }
    }
    System.out.println(bad + " of " + answers.getAsJsonArray().size() + " answers misread");
  }

  /** The generated client's own JSON: okhttp-gson's static JSON class, or native's Jackson ObjectMapper. */
  static Codec codec(String jsonClass) throws Exception {
    Class<?> json = Class.forName(jsonClass);
    try {
      var deserialize = json.getMethod("deserialize", String.class, java.lang.reflect.Type.class);
      var serialize = json.getMethod("serialize", Object.class);
      return new Codec() {
        public Object decode(String s, Class<?> t) throws Exception { return deserialize.invoke(null, s, t); }
        public String encode(Object v) throws Exception { return (String) serialize.invoke(null, v); }
      };
    } catch (NoSuchMethodException e) {
      Object mapper = json.getMethod("getDefault").invoke(null);
      mapper = mapper.getClass().getMethod("getMapper").invoke(mapper);
      Object m = mapper;
      var read = m.getClass().getMethod("readValue", String.class, Class.class);
      var write = m.getClass().getMethod("writeValueAsString", Object.class);
      return new Codec() {
        public Object decode(String s, Class<?> t) throws Exception { return read.invoke(m, s, t); }
        public String encode(Object v) throws Exception { return (String) write.invoke(m, v); }
      };
    }
  }

  /**
   * The first difference between the answer and what the models wrote back. An absent key equals
   * null, and an absent array the empty array the generated models start optional lists with.
   */
  static String differs(JsonElement want, JsonElement got, String at) {
    if (want == null && got != null && got.isJsonArray() && got.getAsJsonArray().isEmpty()) return null;
    boolean wantNull = want == null || want.isJsonNull(), gotNull = got == null || got.isJsonNull();
    if (wantNull || gotNull) return wantNull == gotNull ? null : at + ": " + want + " read as " + got;
    if (want.isJsonObject() && got.isJsonObject()) {
      Set<String> keys = new HashSet<>(want.getAsJsonObject().keySet());
      keys.addAll(got.getAsJsonObject().keySet());
      for (String k : keys) {
        String d = differs(want.getAsJsonObject().get(k), got.getAsJsonObject().get(k), at + "." + k);
        if (d != null) return d;
      }
      return null;
    }
    if (want.isJsonArray() && got.isJsonArray()) {
      if (want.getAsJsonArray().size() != got.getAsJsonArray().size()) return at + ": array of " + want.getAsJsonArray().size() + " read as " + got.getAsJsonArray().size();
      for (int i = 0; i < want.getAsJsonArray().size(); i++) {
        String d = differs(want.getAsJsonArray().get(i), got.getAsJsonArray().get(i), at + "[" + i + "]");
        if (d != null) return d;
      }
      return null;
    }
    if (want.isJsonPrimitive() && got.isJsonPrimitive()) {
      var w = want.getAsJsonPrimitive();
      var g = got.getAsJsonPrimitive();
      if (w.isNumber() && g.isNumber()) return new BigDecimal(w.getAsString()).compareTo(new BigDecimal(g.getAsString())) == 0 ? null : at + ": " + w + " read as " + g;
      if (w.equals(g) || sameInstant(w.getAsString(), g.getAsString())) return null;
      return at + ": " + w + " read as " + g;
    }
    return at + ": " + want + " read as " + got;
  }

  /** Date-times written back with other trailing zeros of the fraction (`.330Z` as `.33Z`) are the same instant. */
  static boolean sameInstant(String a, String b) {
    try {
      return java.time.OffsetDateTime.parse(a).isEqual(java.time.OffsetDateTime.parse(b));
    } catch (java.time.DateTimeException e) {
      return false;
    }
  }
}
