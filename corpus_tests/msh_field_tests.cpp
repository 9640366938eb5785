// MSH record tables and stream catalogue: layout facts of spec §3 checked
// against the tables, and the provenance mapping of provenance.md.
#include <gtest/gtest.h>

#include <set>

#include "parser/msh/msh_fields.hpp"
#include "parser/msh/msh_streams.hpp"

namespace meshgate::msh {
namespace {

TEST(MshTables, RecordSizesMatchTheSpec) {
  EXPECT_EQ(Record<kNodeSpec>::kSize, 38u);
  EXPECT_EQ(Record<kNodeShortSpec>::kSize, 24u);
  EXPECT_EQ(Record<kModelHeaderSpec>::kSize, 0x8Cu);
  EXPECT_EQ(Record<kSlotSpec>::kSize, 68u);
  EXPECT_EQ(Record<kTriangleSpec>::kSize, 16u);
  EXPECT_EQ(Record<kBatchSpec>::kSize, 20u);
  EXPECT_EQ(Record<kKeySpec>::kSize, 24u);
}

TEST(MshTables, SlotWordAddressingIsNodeTimes19Plus4PlusAFivePlusB) {
  // word = node*19 + 4 + a*5 + b: within a node, slot (a, b) is field 4 + a*5 + b.
  for (unsigned a = 0; a < 3; ++a)
    for (unsigned b = 0; b < 5; ++b) {
      const FieldSpec& f = kNodeSpec.fields[4 + a * 5 + b];
      EXPECT_EQ(f.offset / 2, 4 + a * 5 + b);
      EXPECT_EQ(f.name, "slot_index_" + std::to_string(a * 5 + b));
    }
}

TEST(MshTables, BatchFieldsThatStayHExactlyWhereTheSpecSays) {
  EXPECT_EQ(kBatchSpec.fields[field_index<kBatchSpec>("index_count")].offset, 0x08u);
  EXPECT_EQ(kBatchSpec.fields[field_index<kBatchSpec>("index_start")].offset, 0x0Au);
  EXPECT_EQ(kBatchSpec.fields[field_index<kBatchSpec>("base_vertex")].offset, 0x10u);
  // Every [CONFLICT] field is a candidate whose bytes stay raw.
  for (const FieldSpec& f : kBatchSpec.fields) {
    if (f.note.find("[CONFLICT]") != std::string_view::npos) {
      EXPECT_TRUE(f.status.keeps_raw_bytes()) << f.name;
    }
  }
  for (const FieldSpec& f : kKeySpec.fields) {
    if (f.note.find("[CONFLICT]") != std::string_view::npos) {
      EXPECT_TRUE(f.status.keeps_raw_bytes()) << f.name;
    }
  }
}

TEST(MshStreams, CatalogueFollowsSection21) {
  std::set<uint32_t> ids;
  for (const StreamType& t : kStreamTypes) EXPECT_TRUE(ids.insert(t.type_id).second) << t.type_id;
  std::set<uint32_t> required;
  for (const StreamType& t : kStreamTypes)
    if (t.required) required.insert(t.type_id);
  EXPECT_EQ(required, (std::set<uint32_t>{1, 2, 3, 6, 13}));
  EXPECT_EQ(find_stream_type(stream_type::nodes)->attr3_alt, 24u);
  EXPECT_EQ(find_stream_type(stream_type::frame_map)->attr2_rule, Attr2Rule::frame_count);
  EXPECT_EQ(find_stream_type(stream_type::header_slots)->count_rule, CountRule::slot_count);
  EXPECT_EQ(find_stream_type(stream_type::strings)->count_rule, CountRule::node_count);
  EXPECT_EQ(find_stream_type(21), nullptr);  // terrain face, out of scope: preserved raw
}

TEST(MshStreams, NormalsDivideBy127AndClamp) {
  EXPECT_FLOAT_EQ(decode_normal_component(127), 1.0f);
  EXPECT_FLOAT_EQ(decode_normal_component(-127), -1.0f);
  EXPECT_FLOAT_EQ(decode_normal_component(-128), -1.0f);  // clamped, not -1.0079
  EXPECT_FLOAT_EQ(decode_normal_component(64), 64.0f / 127.0f);
  EXPECT_NE(decode_normal_component(64), 64.0f / 128.0f);  // the REJECTED reading
}

TEST(MshStreams, UvReadingsAgreeOnlyBelow0x8000) {
  EXPECT_FLOAT_EQ(decode_uv_signed(1024), 1.0f);
  EXPECT_FLOAT_EQ(decode_uv_unsigned(1024), 1.0f);
  EXPECT_FLOAT_EQ(decode_uv_signed(0xFC00), -1.0f);
  EXPECT_FLOAT_EQ(decode_uv_unsigned(0xFC00), 63.0f);
}

}  // namespace
}  // namespace meshgate::msh
